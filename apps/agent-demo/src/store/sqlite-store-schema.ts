/**
 * Tables of the SQLite session store. Messages keep the whole message as JSON
 * (what `show` and `replay` read); calls and results are indexed beside them
 * so "one result per call" is a constraint and a resume can ask which calls
 * are still open with one query.
 */
export const SQLITE_SCHEMA = `
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  title TEXT NOT NULL,
  meta TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS messages (
  session_id TEXT NOT NULL REFERENCES sessions(id),
  seq INTEGER NOT NULL,
  at INTEGER NOT NULL,
  role TEXT NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (session_id, seq)
);
CREATE TABLE IF NOT EXISTS tool_calls (
  session_id TEXT NOT NULL,
  message_seq INTEGER NOT NULL,
  position INTEGER NOT NULL,
  call_id TEXT NOT NULL,
  name TEXT NOT NULL,
  arguments TEXT NOT NULL,
  PRIMARY KEY (session_id, message_seq, position),
  FOREIGN KEY (session_id, message_seq) REFERENCES messages(session_id, seq)
);
CREATE INDEX IF NOT EXISTS tool_calls_by_id ON tool_calls (session_id, call_id);
CREATE TABLE IF NOT EXISTS tool_results (
  session_id TEXT NOT NULL,
  message_seq INTEGER NOT NULL,
  position INTEGER NOT NULL,
  call_id TEXT NOT NULL,
  result_seq INTEGER NOT NULL,
  status TEXT NOT NULL,
  PRIMARY KEY (session_id, message_seq, position),
  FOREIGN KEY (session_id, message_seq, position) REFERENCES tool_calls(session_id, message_seq, position),
  FOREIGN KEY (session_id, result_seq) REFERENCES messages(session_id, seq)
);
`
