import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, useLoaderData, Link } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { queryText } from "~/route-support/input.server";
import { notFound } from "~/route-support/responses.server";
import { stillLoading } from "~/route-support/still-loading.server";
import { orElse } from "~/route-support/or-else";
import { pageMeta } from "~/route-support/meta.server";
import { loaderMeta } from "~/route-support/meta";
import { crewLink } from "~/rules/crew";
import { truncateWords } from "~/rules/text";

export const meta = loaderMeta;

/** docs/product.md §2 /Crew?name=: "Loads only if a name query exists" (§5); an unknown name is a 404. */
export async function loader(args: LoaderFunctionArgs) {
  const name = queryText(new URL(args.request.url), "name", { max: 100, label: "crew name" });
  if (!name) throw notFound();
  const member = await orElse("crew member", args.context.services.catalog.crewByName(name), stillLoading);
  if (!member) throw notFound();
  const meta = pageMeta(args, {
    title: `${member.name} — The Ham Radio Show crew`,
    shareTitle: `${member.name}, ${member.job}`,
    description: truncateWords(member.bio, 30),
    path: crewLink(member.name),
    image: member.headerBgImage,
    type: "profile",
  });
  return json({ member, meta }, { headers: cacheHeaders("publicPage") });
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** docs/product.md §2 Crew bio page: header background image, profile image and bio. */
export default function CrewBio() {
  const { member } = useLoaderData<typeof loader>();
  return (
    <article className="crew-bio">
      <p className="crew-bio__back">
        <Link to="/crew-page">
          <span aria-hidden="true">←</span> The whole crew
        </Link>
      </p>
      <div
        className="crew-bio__header"
        style={{ backgroundImage: `url("${member.headerBgImage.replace(/["\\\n]/g, "")}")` }}
        role="img"
        aria-label={`${member.name} header image`}
      />
      <div className="crew-bio__body">
        <img className="crew-bio__avatar" src={member.profileImg} alt={member.name} width="160" height="160" />
        <div>
          <h1>{member.name}</h1>
          <p className="crew-bio__job">{member.job}</p>
          <p className="crew-bio__text">{member.bio}</p>
        </div>
      </div>
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
