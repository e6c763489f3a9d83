/**
 * Schema migrations of the PostgreSQL store, applied in order; version n is MIGRATIONS[n - 1].
 * Text the app compares loosely (titles, names, search words) is folded by the app on insert
 * (app/search/search-text.server.ts), so both engines fold the same way and no extension is needed for it.
 */
export const MIGRATIONS: string[] = [
  /* 1: catalog and content */ `
  CREATE TABLE episodes (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    series text NOT NULL CHECK (series IN ('main', 'coldcut')),
    object_id text NOT NULL,
    title text NOT NULL,
    title_folded text NOT NULL,
    description text NOT NULL DEFAULT '',
    subtext text NOT NULL DEFAULT '',
    episode_url text NOT NULL,
    podcast_image text,
    background_image text,
    pubdate timestamptz NOT NULL,
    canbashow boolean NOT NULL DEFAULT false,
    era text,
    duration integer NOT NULL DEFAULT 0,
    file_size bigint,
    title_words text NOT NULL DEFAULT '',
    description_words text NOT NULL DEFAULT '',
    title_tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', title_words)) STORED,
    document tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple', title_words), 'A') || setweight(to_tsvector('simple', description_words), 'D')
    ) STORED,
    UNIQUE (series, object_id),
    UNIQUE (series, title)
  );
  CREATE INDEX episodes_latest ON episodes (series, pubdate DESC);
  CREATE INDEX episodes_era ON episodes (series, era, pubdate DESC);
  CREATE INDEX episodes_title_folded ON episodes (series, title_folded);
  CREATE INDEX episodes_document ON episodes USING gin (document);
  CREATE INDEX episodes_title_tsv ON episodes USING gin (title_tsv);

  CREATE TABLE sponsors (id text PRIMARY KEY, data jsonb NOT NULL);
  CREATE TABLE crew (id text PRIMARY KEY, name text NOT NULL, name_folded text NOT NULL, data jsonb NOT NULL);
  CREATE INDEX crew_name_folded ON crew (name_folded);

  CREATE TABLE posts (
    source text NOT NULL CHECK (source IN ('content', 'gallery')),
    id integer NOT NULL,
    slug text NOT NULL,
    date text NOT NULL,
    data jsonb NOT NULL,
    PRIMARY KEY (source, id),
    UNIQUE (source, slug)
  );
  CREATE TABLE post_categories (
    source text NOT NULL,
    post_id integer NOT NULL,
    category integer NOT NULL,
    PRIMARY KEY (source, category, post_id),
    FOREIGN KEY (source, post_id) REFERENCES posts (source, id) ON DELETE CASCADE
  );

  CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL);
  `,
  /* 2: accounts, sessions, listener libraries, the sign-in failure log and the rate-limit counters */ `
  CREATE TABLE users (
    uid text PRIMARY KEY,
    email text UNIQUE,
    password_hash text,
    created_at bigint NOT NULL,
    adult_confirmed_at bigint
  );
  CREATE TABLE identities (
    provider text NOT NULL,
    subject text NOT NULL,
    uid text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    PRIMARY KEY (provider, subject)
  );
  -- json, not jsonb: a session may carry any string a listener typed, U+0000 included.
  CREATE TABLE sessions (
    id text PRIMARY KEY,
    data json NOT NULL,
    expires_at bigint NOT NULL
  );
  CREATE INDEX sessions_expiry ON sessions (expires_at);
  CREATE INDEX sessions_by_user ON sessions ((data #>> '{user,uid}'));
  CREATE TABLE user_records (
    uid text PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
    audio_title text NOT NULL DEFAULT '',
    audio_src text NOT NULL DEFAULT '',
    duration double precision NOT NULL DEFAULT 0
  );
  CREATE TABLE active_audio_sync (
    uid text PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
    audio_title text NOT NULL DEFAULT '',
    duration double precision NOT NULL DEFAULT 0,
    audio_img text NOT NULL DEFAULT '',
    audio_src text NOT NULL DEFAULT '',
    position double precision NOT NULL DEFAULT 0,
    written_at bigint NOT NULL DEFAULT 0
  );
  CREATE TABLE favorites (
    id text PRIMARY KEY,
    uid text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    audio_src text NOT NULL,
    audio_title text NOT NULL,
    duration double precision NOT NULL DEFAULT 0,
    is_fav boolean NOT NULL DEFAULT true,
    created_at bigint NOT NULL,
    UNIQUE (uid, audio_src)
  );
  CREATE INDEX favorites_by_user ON favorites (uid, created_at);
  CREATE TABLE auth_failures (
    account text NOT NULL,
    at bigint NOT NULL
  );
  CREATE INDEX auth_failures_by_account ON auth_failures (account, at);
  -- The shape rate-limiter-flexible's PostgreSQL store reads and writes.
  CREATE TABLE rate_limits (
    key varchar(255) PRIMARY KEY,
    points integer NOT NULL DEFAULT 0,
    expire bigint
  );
  `,
  /* 3: failed sign-ins counted per account and client address (the log starts afresh) */ `
  DROP TABLE auth_failures;
  CREATE TABLE auth_failures (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account text NOT NULL,
    address text NOT NULL,
    at bigint NOT NULL
  );
  CREATE INDEX auth_failures_by_pair ON auth_failures (account, address, at);
  `,
  /* 4: confirmed email addresses and the codes of mailed links (only their hashes) */ `
  ALTER TABLE users ADD COLUMN email_verified_at bigint;
  -- Accounts made by a provider sign-in keep an address only when the provider had verified it.
  UPDATE users SET email_verified_at = created_at WHERE password_hash IS NULL AND email IS NOT NULL;
  CREATE TABLE account_codes (
    hash text PRIMARY KEY,
    uid text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    purpose text NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
    email text NOT NULL,
    expires_at bigint NOT NULL
  );
  CREATE INDEX account_codes_by_user ON account_codes (uid, purpose);
  `,
  /* 5: an era page reads its ids from the index alone (a deep page skips index entries, not rows) */ `
  CREATE INDEX episodes_era_page ON episodes (series, era, pubdate DESC) INCLUDE (id);
  DROP INDEX episodes_era;
  `,
  /* 6: search lists both series newest first, and finds an episode by its title's words */ `
  CREATE INDEX episodes_newest ON episodes (pubdate DESC);
  CREATE INDEX episodes_title_words ON episodes (title_words);
  `,
  /* 7: daily mail caps shared by every instance; passwords set by someone who had not proved the
     address (at sign-up) are not trusted with a provider sign-in */ `
  CREATE TABLE mail_caps (
    key text PRIMARY KEY,
    window_end bigint NOT NULL,
    count integer NOT NULL
  );
  CREATE INDEX mail_caps_by_end ON mail_caps (window_end);
  ALTER TABLE users ADD COLUMN password_unproven boolean NOT NULL DEFAULT false;
  -- A password already set may have been set before its address was confirmed.
  UPDATE users SET password_unproven = true WHERE password_hash IS NOT NULL;
  `,
  /* 8: an episode's chapters and transcript, where it has them (ADR 028) */ `
  ALTER TABLE episodes ADD COLUMN chapters_url text;
  ALTER TABLE episodes ADD COLUMN transcript_url text;
  `,
  /* 9: search finds words of an episode's transcript too (ADR 028) */ `
  ALTER TABLE episodes ADD COLUMN transcript_words text NOT NULL DEFAULT '';
  ALTER TABLE episodes DROP COLUMN document;
  ALTER TABLE episodes ADD COLUMN document tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', title_words), 'A') || setweight(to_tsvector('simple', description_words), 'D')
      || setweight(to_tsvector('simple', transcript_words), 'D')
  ) STORED;
  CREATE INDEX episodes_document ON episodes USING gin (document);
  `,
  /* 10: the soundbites the show picked for an episode, as JSON text (ADR 040) */ `
  ALTER TABLE episodes ADD COLUMN soundbites text;
  `,
  /* 11: Up Next, one ordered list per listener (ADR 034) */ `
  CREATE TABLE up_next (
    uid text PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
    items jsonb NOT NULL
  );
  `,
  /* 12: where a listener is in every episode they played (ADR 033) */ `
  CREATE TABLE episode_positions (
    uid text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    audio_src text NOT NULL,
    audio_title text NOT NULL,
    position double precision NOT NULL,
    duration double precision NOT NULL,
    played boolean NOT NULL,
    updated_at bigint NOT NULL,
    PRIMARY KEY (uid, audio_src)
  );
  CREATE INDEX episode_positions_newest ON episode_positions (uid, updated_at);
  `,
  /* 13: a listener's speed per era, and the seconds of audio they played, per span and per era
     folded (no foreign key: with Firebase accounts the listener is not in users; deleting the
     account empties these) */ `
  CREATE TABLE listener_speeds (
    uid text NOT NULL,
    era text NOT NULL,
    speed double precision NOT NULL,
    updated_at bigint NOT NULL,
    PRIMARY KEY (uid, era)
  );
  CREATE TABLE listening_spans (
    uid text NOT NULL,
    span text NOT NULL,
    era text NOT NULL,
    seconds double precision NOT NULL,
    updated_at bigint NOT NULL,
    PRIMARY KEY (uid, span)
  );
  CREATE INDEX listening_spans_newest ON listening_spans (uid, updated_at);
  CREATE TABLE listening_totals (
    uid text NOT NULL,
    era text NOT NULL,
    seconds double precision NOT NULL,
    PRIMARY KEY (uid, era)
  );
  `,
];
