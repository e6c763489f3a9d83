import type { NewsPost } from "~/services/types";
import { AppLink } from "~/components/primitives";
import { formatDate } from "~/utils/time";

/** SPEC §2 News post page: breadcrumb Home > News > title; the sanitized post body. */
export function NewsPostPage({ post }: { post: NewsPost }) {
  return (
    <article className="news-post">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <AppLink to="/">Home</AppLink>
          </li>
          <li>
            <AppLink to={post.type === "wtfnews" ? "/News?tab=wtfnews" : "/News"}>News</AppLink>
          </li>
          <li aria-current="page">{post.title}</li>
        </ol>
      </nav>
      <h1>{post.title}</h1>
      <p className="muted">
        <time dateTime={post.date}>{formatDate(post.date)}</time>
      </p>
      {post.image ? <img className="news-post__image" src={post.image} alt="" width="1200" height="675" /> : null}
      {/* contentHtml is sanitized on the server with an allow-list (app/adapters/shapes/wordpress.server.ts). */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: post.contentHtml }} />
    </article>
  );
}
