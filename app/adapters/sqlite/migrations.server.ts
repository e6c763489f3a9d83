/** Schema migrations of the embedded database, applied in order (PRAGMA user_version). */
export const MIGRATIONS: string[] = [
  /* 1: catalog and content */ `
  CREATE TABLE episodes (
    rowid_ INTEGER PRIMARY KEY,
    series TEXT NOT NULL CHECK (series IN ('main', 'coldcut')),
    object_id TEXT NOT NULL,
    title TEXT NOT NULL COLLATE NOCASE,
    description TEXT NOT NULL DEFAULT '',
    subtext TEXT NOT NULL DEFAULT '',
    episode_url TEXT NOT NULL,
    podcast_image TEXT,
    background_image TEXT,
    pubdate TEXT NOT NULL,
    canbashow INTEGER NOT NULL DEFAULT 0,
    era TEXT,
    duration INTEGER NOT NULL DEFAULT 0,
    file_size INTEGER,
    UNIQUE (series, object_id),
    UNIQUE (series, title)
  );
  CREATE INDEX episodes_latest ON episodes (series, pubdate DESC);
  CREATE INDEX episodes_era ON episodes (series, era, pubdate DESC);
  CREATE VIRTUAL TABLE episodes_fts USING fts5(
    title, description, content='episodes', content_rowid='rowid_',
    tokenize = 'unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER episodes_ai AFTER INSERT ON episodes BEGIN
    INSERT INTO episodes_fts (rowid, title, description) VALUES (new.rowid_, new.title, new.description);
  END;
  CREATE TRIGGER episodes_ad AFTER DELETE ON episodes BEGIN
    INSERT INTO episodes_fts (episodes_fts, rowid, title, description) VALUES ('delete', old.rowid_, old.title, old.description);
  END;
  CREATE TRIGGER episodes_au AFTER UPDATE ON episodes BEGIN
    INSERT INTO episodes_fts (episodes_fts, rowid, title, description) VALUES ('delete', old.rowid_, old.title, old.description);
    INSERT INTO episodes_fts (rowid, title, description) VALUES (new.rowid_, new.title, new.description);
  END;

  CREATE TABLE sponsors (id TEXT PRIMARY KEY, data TEXT NOT NULL);
  CREATE TABLE crew (id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE, data TEXT NOT NULL);

  -- WordPress-shaped posts of the content site ('content') and the gallery source ('gallery').
  CREATE TABLE posts (
    source TEXT NOT NULL CHECK (source IN ('content', 'gallery')),
    id INTEGER NOT NULL,
    slug TEXT NOT NULL,
    date TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (source, id),
    UNIQUE (source, slug)
  );
  CREATE TABLE post_categories (
    source TEXT NOT NULL,
    post_id INTEGER NOT NULL,
    category INTEGER NOT NULL,
    PRIMARY KEY (source, category, post_id),
    FOREIGN KEY (source, post_id) REFERENCES posts (source, id) ON DELETE CASCADE
  );

  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  `,
  /* 2: accounts, sessions and listener libraries (docs/product.md §3 user record, ActiveAudioSync, favorites) */ `
  CREATE TABLE users (
    uid TEXT PRIMARY KEY,
    email TEXT UNIQUE COLLATE NOCASE,
    password_hash TEXT,
    created_at INTEGER NOT NULL,
    adult_confirmed_at INTEGER
  );
  CREATE TABLE identities (
    provider TEXT NOT NULL,
    subject TEXT NOT NULL,
    uid TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    PRIMARY KEY (provider, subject)
  );
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX sessions_expiry ON sessions (expires_at);
  CREATE TABLE user_records (
    uid TEXT PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
    audio_title TEXT NOT NULL DEFAULT '',
    audio_src TEXT NOT NULL DEFAULT '',
    duration REAL NOT NULL DEFAULT 0
  );
  CREATE TABLE active_audio_sync (
    uid TEXT PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
    audio_title TEXT NOT NULL DEFAULT '',
    duration REAL NOT NULL DEFAULT 0,
    audio_img TEXT NOT NULL DEFAULT '',
    audio_src TEXT NOT NULL DEFAULT '',
    position REAL NOT NULL DEFAULT 0,
    written_at INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE favorites (
    id TEXT PRIMARY KEY,
    uid TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    audio_src TEXT NOT NULL,
    audio_title TEXT NOT NULL,
    duration REAL NOT NULL DEFAULT 0,
    is_fav INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL,
    UNIQUE (uid, audio_src)
  );
  CREATE INDEX favorites_by_user ON favorites (uid, created_at);
  CREATE TABLE auth_failures (
    account TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX auth_failures_by_account ON auth_failures (account, at);
  `,
  /* 3: failed sign-ins counted per account and client address (the log starts afresh) */ `
  DROP TABLE auth_failures;
  CREATE TABLE auth_failures (
    id INTEGER PRIMARY KEY,
    account TEXT NOT NULL,
    address TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX auth_failures_by_pair ON auth_failures (account, address, at);
  `,
  /* 4: confirmed email addresses and the codes of mailed links (only their hashes) */ `
  ALTER TABLE users ADD COLUMN email_verified_at INTEGER;
  -- Accounts made by a provider sign-in keep an address only when the provider had verified it.
  UPDATE users SET email_verified_at = created_at WHERE password_hash IS NULL AND email IS NOT NULL;
  CREATE TABLE account_codes (
    hash TEXT PRIMARY KEY,
    uid TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    purpose TEXT NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
    email TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX account_codes_by_user ON account_codes (uid, purpose);
  `,
  /* 5: search lists both series newest first, reads word starts from prefix indexes (the last word
     typed is one) and takes its vocabulary from the full-text index's own word list */ `
  CREATE INDEX episodes_newest ON episodes (pubdate DESC);
  DROP TABLE episodes_fts;
  CREATE VIRTUAL TABLE episodes_fts USING fts5(
    title, description, content='episodes', content_rowid='rowid_',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
  );
  INSERT INTO episodes_fts (episodes_fts) VALUES ('rebuild');
  CREATE VIRTUAL TABLE episodes_fts_words USING fts5vocab(episodes_fts, row);
  `,
  /* 6: daily mail caps shared by every instance; passwords set by someone who had not proved the
     address (at sign-up) are not trusted with a provider sign-in */ `
  CREATE TABLE mail_caps (
    key TEXT PRIMARY KEY,
    window_end INTEGER NOT NULL,
    count INTEGER NOT NULL
  );
  CREATE INDEX mail_caps_by_end ON mail_caps (window_end);
  ALTER TABLE users ADD COLUMN password_unproven INTEGER NOT NULL DEFAULT 0;
  -- A password already set may have been set before its address was confirmed.
  UPDATE users SET password_unproven = 1 WHERE password_hash IS NOT NULL;
  `,
  /* 7: an episode's chapters and transcript, where it has them (ADR 028) */ `
  ALTER TABLE episodes ADD COLUMN chapters_url TEXT;
  ALTER TABLE episodes ADD COLUMN transcript_url TEXT;
  `,
  /* 8: search finds words of an episode's transcript too (ADR 028) */ `
  ALTER TABLE episodes ADD COLUMN transcript TEXT NOT NULL DEFAULT '';
  DROP TRIGGER episodes_ai;
  DROP TRIGGER episodes_ad;
  DROP TRIGGER episodes_au;
  DROP TABLE episodes_fts_words;
  DROP TABLE episodes_fts;
  CREATE VIRTUAL TABLE episodes_fts USING fts5(
    title, description, transcript, content='episodes', content_rowid='rowid_',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
  );
  CREATE TRIGGER episodes_ai AFTER INSERT ON episodes BEGIN
    INSERT INTO episodes_fts (rowid, title, description, transcript)
      VALUES (new.rowid_, new.title, new.description, new.transcript);
  END;
  CREATE TRIGGER episodes_ad AFTER DELETE ON episodes BEGIN
    INSERT INTO episodes_fts (episodes_fts, rowid, title, description, transcript)
      VALUES ('delete', old.rowid_, old.title, old.description, old.transcript);
  END;
  CREATE TRIGGER episodes_au AFTER UPDATE ON episodes BEGIN
    INSERT INTO episodes_fts (episodes_fts, rowid, title, description, transcript)
      VALUES ('delete', old.rowid_, old.title, old.description, old.transcript);
    INSERT INTO episodes_fts (rowid, title, description, transcript)
      VALUES (new.rowid_, new.title, new.description, new.transcript);
  END;
  INSERT INTO episodes_fts (episodes_fts) VALUES ('rebuild');
  CREATE VIRTUAL TABLE episodes_fts_words USING fts5vocab(episodes_fts, row);
  `,
  /* 9: the soundbites the show picked for an episode, as JSON text (ADR 040) */ `
  ALTER TABLE episodes ADD COLUMN soundbites TEXT;
  `,
  /* 10: Up Next, one ordered list per listener (ADR 034) */ `
  CREATE TABLE up_next (
    uid TEXT PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
    items TEXT NOT NULL
  );
  `,
  /* 11: where a listener is in every episode they played (ADR 033) */ `
  CREATE TABLE episode_positions (
    uid TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    audio_src TEXT NOT NULL,
    audio_title TEXT NOT NULL,
    position REAL NOT NULL,
    duration REAL NOT NULL,
    played INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (uid, audio_src)
  ) WITHOUT ROWID;
  CREATE INDEX episode_positions_newest ON episode_positions (uid, updated_at);
  `,
  /* 12: a listener's speed per era, and the seconds of audio they played, per span and per era
     folded (no foreign key: with Firebase accounts the listener is not in users; deleting the
     account empties these) */ `
  CREATE TABLE listener_speeds (
    uid TEXT NOT NULL,
    era TEXT NOT NULL,
    speed REAL NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (uid, era)
  );
  CREATE TABLE listening_spans (
    uid TEXT NOT NULL,
    span TEXT NOT NULL,
    era TEXT NOT NULL,
    seconds REAL NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (uid, span)
  );
  CREATE INDEX listening_spans_newest ON listening_spans (uid, updated_at);
  CREATE TABLE listening_totals (
    uid TEXT NOT NULL,
    era TEXT NOT NULL,
    seconds REAL NOT NULL,
    PRIMARY KEY (uid, era)
  );
  `,
];
