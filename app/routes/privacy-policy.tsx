import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, Link } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { pageMeta } from "~/route-support/meta.server";
import { loaderMeta } from "~/route-support/meta";
import { DELETE_MY_ACCOUNT, DOWNLOAD_MY_DATA, FRESH_SIGN_IN_WINDOW_S } from "~/rules/account-data";

export const meta = loaderMeta;

export async function loader(args: LoaderFunctionArgs) {
  const meta = pageMeta(args, {
    title: "Privacy Policy — The Ham Radio Show",
    description: "What the listener site of The Ham Radio Show stores about you, and why.",
    path: "/privacy-policy",
  });
  return json({ meta }, { headers: cacheHeaders("publicPage") });
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** docs/product.md §2 /privacy-policy. The spec does not give its text; this describes what the app really does. */
export default function PrivacyPolicy() {
  return (
    <article className="section prose">
      <h1>Privacy Policy</h1>
      <p>This page explains what the listener site stores about you and why.</p>
      <h2>Without an account</h2>
      <p>
        You can listen, browse and search without an account. Public pages set no cookies. Our servers keep ordinary
        access logs (address, time, page) for security and are not used to profile you.
      </p>
      <h2>With an account</h2>
      <p>
        When you sign up we store your email address and a salted hash of your password (never the password itself), or
        the identifier your Google or Facebook account gives us. We also store your favorites and the episode and
        position you were last listening to, so you can pick up where you left off on any device.
      </p>
      <h2>Cookies</h2>
      <p>
        Signing in sets one cookie holding a random session identifier. It is needed to keep you signed in and is
        removed when you log out.
      </p>
      <h2>Your choices</h2>
      <p>
        You can remove favorites at any time and log out on any device. On <Link to="/user">your profile page</Link>,
        under “My data”:
      </p>
      <ul>
        <li>
          “{DOWNLOAD_MY_DATA}” gives you a file (JSON) with everything we keep for your account: your email address,
          your favorites and where you stopped listening. It never holds your password or its hash.
        </li>
        <li>
          “{DELETE_MY_ACCOUNT}” asks for your password, then deletes your account and everything kept for it, signs out
          every device and mails you a note that it is done. With an account made with Google or Facebook you can
          instead sign in with it again: that counts for {FRESH_SIGN_IN_WINDOW_S / 60} minutes, on that device only.
        </li>
      </ul>
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
