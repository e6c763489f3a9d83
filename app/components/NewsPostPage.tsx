import type { NewsPost } from "~/services/types";
import { Breadcrumb } from "./Breadcrumb";
import { formatDate } from "~/ui/time";

export function NewsPostPage({ post }: { post: NewsPost }) {
  return (
    <article className="news-post">
      <Breadcrumb links={[[post.type === "wtfnews" ? "/News?tab=wtfnews" : "/News", "News"]]} current={post.title} />
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
