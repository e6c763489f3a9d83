import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import browseStyles from "~/styles/browse.css";
import { BrowseControls, useShownView } from "~/components/BrowseControls";
import { filterSources, libraryView, queryFilter } from "~/route-support/browse.server";
import { filterEmptyText, withFilter } from "~/rules/browse";
import { json, Form, useLoaderData, useSearchParams, Link } from "@remix-run/react";
import { AlertMessage } from "~/components/AlertMessage";
import { EpisodeShelf } from "~/components/EpisodeList";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { orSignedOut, requireUser } from "~/route-support/guards.server";
import { noticeFor } from "~/rules/notices";
import { MAIL_NOT_CONFIGURED, verificationPending } from "~/rules/auth";
import { LOGOUT_EVENT } from "~/player/session-events";
import { episodeCard } from "~/route-support/cards.server";
import { favoritesPage } from "~/route-support/favorites.server";
import { Pagination } from "~/components/Pagination";
import { ContinueListening } from "~/components/lazy-parts";
import { cardMarks, continueListening } from "~/route-support/positions.server";
import { queryPage } from "~/route-support/input.server";
import { notFound } from "~/route-support/responses.server";
import { FAVORITES_FULL_NOTICE, favoritesCount, favoritesFull } from "~/rules/library";
import { DELETE_MY_ACCOUNT, DOWNLOAD_MY_DATA, MY_DATA_FILE_NAME } from "~/rules/account-data";
import { keepPageAfterRefusedWrite } from "~/route-support/revalidation";
import { statsFor } from "~/services/listening.server";
import { log, messageOf } from "~/services/log.server";
import { ListeningStats } from "~/components/ListeningStats";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: browseStyles }];

export const meta: MetaFunction = () => [
  { title: "My Favorites — The Ham Radio Show" },
  { name: "robots", content: "noindex" },
];

/** docs/product.md §2 Favorites page (signed-in only): 'H.O.F: <user id>', Log Out, 'My Favorites'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const page = queryPage(url);
  const filter = queryFilter(url);
  const view = await libraryView(request);
  const [favorites, verified, continuing, stats] = await orSignedOut(
    request,
    Promise.all([
      favoritesPage(
        context.services,
        user.uid,
        page,
        filter === "all" ? undefined : (srcs) => filterSources(context, filter, srcs),
      ),
      context.services.accounts.isEmailVerified(user.uid),
      continueListening(context),
      // Stats that cannot be read say so on the page; the rest of it is still the listener's.
      statsFor(context.services, user.uid).catch((error: unknown) => {
        log.error(`[user] listening stats not read: ${messageOf(error)}`);
        return null;
      }),
    ]),
  );
  const personal = await cardMarks(
    context,
    favorites.episodes.map((e) => e.audioUrl),
  );
  if (page > Math.max(1, favorites.pageCount)) throw notFound();
  return json(
    {
      uid: user.uid,
      email: user.email ?? null,
      episodes: favorites.episodes.map(episodeCard),
      filter,
      view,
      total: favorites.total,
      page,
      pageCount: favorites.pageCount,
      max: context.services.favorites.max,
      // An address to confirm: a banner, and a new link on request (when this server can mail).
      unconfirmed: user.email && !verified ? user.email : null,
      mail: context.services.accountEmail.available,
      continuing,
      stats,
      ...personal,
    },
    { headers: cacheHeaders("private") },
  );
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;
export const shouldRevalidate = keepPageAfterRefusedWrite;

export default function UserPage() {
  const { uid, email, episodes, total, page, pageCount, max, unconfirmed, mail, continuing, stats, filter, ...data } =
    useLoaderData<typeof loader>();
  const view = useShownView(data.view);
  const [params] = useSearchParams();
  const code = params.get("notice") ?? params.get("error");
  // A heart without JavaScript that found the account full comes here, where favorites are removed.
  const notice =
    code === FAVORITES_FULL_NOTICE ? { tone: "error" as const, text: favoritesFull(max) } : noticeFor(code);
  const loggingOut = () => window.dispatchEvent(new Event(LOGOUT_EVENT));
  return (
    <section className="section" aria-labelledby="hof-title">
      <div className="user-header">
        <div>
          <h1 id="hof-title">H.O.F: {uid}</h1>
          {/* The id says nothing to a listener; the address is how they know which account this is. */}
          {email ? (
            <p className="user-email" data-testid="user-email">
              {email}
            </p>
          ) : null}
        </div>
        <Form method="post" action="/logout" onSubmit={loggingOut}>
          <button type="submit" className="button button--ghost">
            Log Out
          </button>
        </Form>
      </div>
      {notice ? <AlertMessage message={notice.text} tone={notice.tone} /> : null}
      {unconfirmed ? (
        <div className="flash flash--error" role="status">
          <p>{mail ? verificationPending(unconfirmed) : MAIL_NOT_CONFIGURED}</p>
          {mail ? (
            <Form method="post" action="/verify-email">
              <input type="hidden" name="intent" value="resend" />
              <button type="submit" className="button button--ghost">
                Send the link again
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {/* Where the listener stopped leads this list (its link works without JS), so no second prompt. */}
      <ContinueListening items={continuing} />
      <h2>My Favorites</h2>
      {episodes.length || filter !== "all" ? (
        <>
          <p className="muted">
            {favoritesCount(total, max)}
            {pageCount > 1 ? ` · page ${page} of ${pageCount}` : ""}
          </p>
          <BrowseControls view={data.view} filter={filter} />
          {episodes.length ? (
            <EpisodeShelf view={view} episodes={episodes} label="My Favorites" />
          ) : (
            <p className="muted">{filterEmptyText(filter)}</p>
          )}
          <Pagination
            page={page}
            pageCount={pageCount}
            link={(p) => withFilter("/user", "", filter, p)}
            prev="Newer favorites"
            next="Older favorites"
          />
        </>
      ) : (
        <p className="muted">No favorites yet. Tap the heart on any episode to keep it here.</p>
      )}
      <ListeningStats stats={stats} />
      <h2>Devices</h2>
      <Form method="post" action="/logout" onSubmit={loggingOut}>
        <input type="hidden" name="scope" value="everywhere" />
        <p className="muted">
          Signed in somewhere you no longer use, or worried someone else is? This signs out every device, this one too.
        </p>
        <button type="submit" className="button button--ghost">
          Sign out everywhere
        </button>
      </Form>
      <section className="my-data" aria-labelledby="my-data-title">
        <h2 id="my-data-title">My data</h2>
        <p className="muted">
          Everything the site keeps for you, as a file: your account, favorites, where you stopped listening, your speed
          in each era and your listening stats.
        </p>
        <p className="my-data-actions">
          {/* A file, not a page: the browser downloads it (no client navigation). */}
          <a className="button button--ghost" href="/user/data" download={MY_DATA_FILE_NAME}>
            {DOWNLOAD_MY_DATA}
          </a>
          <Link className="button button--danger" to="/user/delete">
            {DELETE_MY_ACCOUNT}
          </Link>
        </p>
      </section>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
