import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import upNextStyles from "~/styles/up-next.css";
import browseStyles from "~/styles/browse.css";
import { BrowseControls, useShownView } from "~/components/BrowseControls";
import { RowMarks } from "~/components/EpisodeList";
import { filterSources, libraryView, queryFilter } from "~/route-support/browse.server";
import { cardMarks } from "~/route-support/positions.server";
import { filterEmptyText } from "~/rules/browse";
import { Form, json, redirect, useActionData, useFetcher, useLoaderData, useNavigation, Link } from "@remix-run/react";
import { useEffect, useState, type DragEvent } from "react";
import { AlertMessage } from "~/components/AlertMessage";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { assertSameOrigin, orSignedOut, readForm, requireUser } from "~/route-support/guards.server";
import { serviceUnavailable, serviceUnavailableJson } from "~/route-support/responses.server";
import { LIBRARY_UNAVAILABLE, safeRedirect } from "~/rules/auth";
import { DEFAULT_EPISODE_IMAGE } from "~/rules/constants";
import { UP_NEXT_NOT_IN_CATALOG, UP_NEXT_PATH, upNextFull } from "~/rules/library";
import { catalogEpisode } from "~/route-support/favorites.server";
import { upNextEntries } from "~/route-support/up-next.server";
import { keepPageAfterRefusedWrite } from "~/route-support/revalidation";
import { fieldsOf, upNextFormSchema } from "~/services/library-input.server";
import type { UpNextEdit } from "~/services/up-next.server";
import { usePlayer } from "~/player/PlayerProvider";
import type { UpNextAnswer, UpNextEntry } from "~/player/up-next";
import { GripIcon, PlayIcon } from "~/ui/primitives";
import { formatDuration } from "~/ui/time";

export const shouldRevalidate = keepPageAfterRefusedWrite;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: upNextStyles },
  { rel: "stylesheet", href: browseStyles },
];

export const meta: MetaFunction = () => [
  { title: "Up Next — The Ham Radio Show" },
  { name: "robots", content: "noindex" },
];

/** Up Next (ADR 034), signed-in only: the listener's queue, in order. A fetcher reads it as JSON too (the player). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const filter = queryFilter(new URL(request.url));
  const view = await libraryView(request);
  const items = await orSignedOut(request, context.services.upNext.list(user.uid));
  const srcs = items.map((i) => i.audioSrc);
  const [entries, personal, kept] = await Promise.all([
    upNextEntries(context.services, items),
    cardMarks(context, srcs),
    filterSources(context, filter, srcs),
  ]);
  return json(
    { items: entries, max: context.services.upNextMax, filter, view, shown: [...kept], ...personal },
    { headers: cacheHeaders("private") },
  );
}
export const headers = ({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }) =>
  actionHeaders.get("Cache-Control") ? actionHeaders : loaderHeaders;

/**
 * "Play next", "Add to Up Next", move, remove and clear. A plain form is sent back where it came
 * from; a fetcher (js=1) gets the queue as JSON. Refusals are a 4xx with the reason, shown on
 * this page without JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const viaFetcher = form.get("js") === "1";
  const back = safeRedirect(form.get("redirectTo"), UP_NEXT_PATH);
  const headers = cacheHeaders("private");
  let user: Awaited<ReturnType<typeof context.user>>;
  try {
    user = await context.user();
  } catch (error) {
    if (viaFetcher && error instanceof Response)
      return serviceUnavailableJson({ ok: false, error: LIBRARY_UNAVAILABLE });
    throw error;
  }
  if (!user)
    return viaFetcher
      ? json<UpNextAnswer>({ ok: false, error: "Sign in to use Up Next." }, { status: 401, headers })
      : redirect(`/signin?redirectTo=${encodeURIComponent(back)}`, { headers });
  const parsed = upNextFormSchema.safeParse(fieldsOf(form));
  if (!parsed.success)
    return json<UpNextAnswer>(
      { ok: false, error: "That Up Next request is missing its episode." },
      { status: 400, headers },
    );
  const data = parsed.data;
  const { services } = context;
  let items;
  try {
    let edit: UpNextEdit;
    if (data.intent === "next" || data.intent === "last") {
      // What is kept is the catalog's episode, never the form's words.
      const episode = await catalogEpisode(services, data.title, data.audioSrc);
      if (!episode) return json<UpNextAnswer>({ ok: false, error: UP_NEXT_NOT_IN_CATALOG }, { status: 400, headers });
      const item = {
        audioSrc: episode.audioUrl,
        title: episode.title,
        image: episode.image,
        duration: episode.duration,
        coldcut: episode.coldcut,
      };
      edit = { op: "add", item, at: data.intent };
    } else if (data.intent === "move") edit = { op: "move", audioSrc: data.audioSrc, to: data.to };
    else if (data.intent === "remove") edit = { op: "remove", audioSrc: data.audioSrc };
    else edit = { op: "clear" };
    items = await services.upNext.edit(user.uid, edit);
  } catch (error) {
    console.error("[up-next] not saved:", error instanceof Error ? error.message : error);
    if (viaFetcher) return serviceUnavailableJson({ ok: false, error: LIBRARY_UNAVAILABLE });
    throw serviceUnavailable(LIBRARY_UNAVAILABLE);
  }
  if (!items) return json<UpNextAnswer>({ ok: false, error: upNextFull(services.upNextMax) }, { status: 400, headers });
  return viaFetcher
    ? json<UpNextAnswer>({ ok: true, intent: data.intent, items: await upNextEntries(services, items) }, { headers })
    : redirect(back, { headers });
}

export default function UpNextPage() {
  const { items, filter, shown: kept, ...data } = useLoaderData<typeof loader>();
  const view = useShownView(data.view);
  const compact = view === "list";
  // Filtered, the list is not the queue's whole order: it is not reordered then.
  const filtered = filter !== "all";
  const refusal = useActionData<typeof action>();
  const { dispatch, choose } = usePlayer();
  const navigation = useNavigation();
  const fetcher = useFetcher<UpNextAnswer>({ key: "up-next-page" });
  // While a drag's move is on its way, the list shows it already.
  const [order, setOrder] = useState<UpNextEntry[] | null>(null);
  const shown = fetcher.state === "idle" ? items : (order ?? items);
  useEffect(() => {
    dispatch({ type: "queueSync", items });
    setOrder(null);
  }, [items, dispatch]);

  const [dragged, setDragged] = useState<string | null>(null);
  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const src = dragged ?? event.dataTransfer.getData("text/plain");
    setDragged(null);
    const from = shown.findIndex((e) => e.src === src);
    if (from === -1 || from === to) return;
    const rest = shown.filter((_, i) => i !== from);
    setOrder([...rest.slice(0, to), shown[from]!, ...rest.slice(to)]);
    fetcher.submit(
      { intent: "move", audioSrc: src, to: String(to), js: "1" },
      { method: "post", action: UP_NEXT_PATH },
    );
  };
  const busy = navigation.state !== "idle" && navigation.formAction === UP_NEXT_PATH;

  return (
    <section className="section up-next" aria-labelledby="up-next-title">
      <h1 id="up-next-title">Up Next</h1>
      <AlertMessage message={refusal && !refusal.ok ? refusal.error : null} />
      {shown.length === 0 && !filtered ? (
        <p className="up-next__empty">
          Nothing is up next. Choose “Add to Up Next” or “Play next” on any episode, from the{" "}
          <Link to="/eras">episodes</Link> or the <Link to="/">latest</Link>.
        </p>
      ) : (
        <>
          <p className="up-next__hint">
            {/* Without JS nothing plays on by itself: episodes play on their own pages. */}
            <span className="js-only">
              When an episode ends, the first one here plays. Drag to reorder, or use the arrows.
            </span>
            <noscript>Episodes play on their own pages. Put them in the order you like with the arrows.</noscript>
          </p>
          <BrowseControls view={data.view} filter={filter} />
          {filtered && !shown.some((e) => kept.includes(e.src)) ? (
            <p className="muted">{filterEmptyText(filter)}</p>
          ) : null}
          <ol
            className={`up-next__list${compact ? " up-next__list--compact" : ""}`}
            aria-label="Episodes up next"
            aria-busy={busy || fetcher.state !== "idle"}
          >
            {shown.map((entry, index) =>
              filtered && !kept.includes(entry.src) ? null : (
                <li
                  key={entry.src}
                  className={`up-next__item${dragged === entry.src ? " up-next__item--dragged" : ""}`}
                  onDragOver={(e) => dragged && e.preventDefault()}
                  onDrop={(e) => onDrop(e, index)}
                >
                  {filtered ? null : (
                    <span
                      className="up-next__grip js-only"
                      draggable
                      title="Drag to reorder"
                      onDragStart={(e) => {
                        e.dataTransfer.setData("text/plain", entry.src);
                        e.dataTransfer.effectAllowed = "move";
                        setDragged(entry.src);
                      }}
                      onDragEnd={() => setDragged(null)}
                    >
                      <GripIcon size={20} />
                    </span>
                  )}
                  {compact ? null : (
                    <img src={entry.image || DEFAULT_EPISODE_IMAGE} alt="" width="56" height="56" loading="lazy" />
                  )}
                  <div className="up-next__text">
                    <Link to={entry.href} className="up-next__title">
                      {entry.title}
                    </Link>
                    <span className="up-next__meta">
                      {index === 0 ? "Plays next" : `${index + 1}.`}
                      {compact && entry.date ? (
                        <>
                          {" · "}
                          <time dateTime={entry.date.iso}>{entry.date.text}</time>
                        </>
                      ) : null}
                      {entry.duration ? ` · ${formatDuration(entry.duration)}` : ""}
                    </span>
                  </div>
                  {compact ? <RowMarks src={entry.src} title={entry.title} duration={entry.duration ?? 0} /> : null}
                  <div className="up-next__actions">
                    <button
                      type="button"
                      className="icon-button js-only"
                      aria-label={`Play ${entry.title} now`}
                      onClick={() => {
                        choose(entry);
                        // The player takes it out of Up Next; this page shows that at once.
                        fetcher.submit(
                          { intent: "remove", audioSrc: entry.src, js: "1" },
                          { method: "post", action: UP_NEXT_PATH },
                        );
                      }}
                    >
                      <PlayIcon size={20} />
                    </button>
                    {filtered ? null : (
                      <>
                        <QueueForm
                          intent="move"
                          src={entry.src}
                          to={index - 1}
                          label={`Move ${entry.title} up`}
                          disabled={index === 0}
                        >
                          ↑
                        </QueueForm>
                        <QueueForm
                          intent="move"
                          src={entry.src}
                          to={index + 1}
                          label={`Move ${entry.title} down`}
                          disabled={index === shown.length - 1}
                        >
                          ↓
                        </QueueForm>
                      </>
                    )}
                    <QueueForm intent="remove" src={entry.src} label={`Remove ${entry.title} from Up Next`}>
                      ✕
                    </QueueForm>
                  </div>
                </li>
              ),
            )}
          </ol>
          <Form method="post" action={UP_NEXT_PATH} className="up-next__clear">
            <input type="hidden" name="redirectTo" value={UP_NEXT_PATH} />
            <button type="submit" name="intent" value="clear" className="button button--ghost">
              Clear Up Next
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

/** One control of the list: a plain form, so it works without JavaScript too. */
function QueueForm({
  intent,
  src,
  to,
  label,
  disabled = false,
  children,
}: {
  intent: "move" | "remove";
  src: string;
  to?: number;
  label: string;
  disabled?: boolean;
  children: string;
}) {
  return (
    <Form method="post" action={UP_NEXT_PATH} preventScrollReset>
      <input type="hidden" name="audioSrc" value={src} />
      {to !== undefined ? <input type="hidden" name="to" value={String(to)} /> : null}
      <input type="hidden" name="redirectTo" value={UP_NEXT_PATH} />
      <button type="submit" name="intent" value={intent} className="icon-button" aria-label={label} disabled={disabled}>
        <span aria-hidden="true">{children}</span>
      </button>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
