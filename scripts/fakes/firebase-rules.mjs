// A small evaluator for Firebase Realtime Database security rules (database.rules.json), enough to
// test our rules and to let the local Firebase fake enforce them. It covers the subset the rules
// use: .read / .write (cascading: a grant on a path or any ancestor allows), .validate (every
// non-null node on the written path and below it, never on deletes; not cascading), $wildcards,
// and expressions over auth, now, $vars, data / newData / root snapshots with val(), child(),
// parent(), exists(), isString(), isNumber(), isBoolean(), hasChild(), hasChildren([...]) and a
// string's .length. A rule that throws is false, as in Firebase.
//
// Sandboxing: an expression is tokenised and checked against an allow-list before it becomes a JS
// function — free identifiers only from {auth, now, data, newData, root, true, false, null} and the
// $vars in scope, member names only from the snapshot/auth allow-list, `[` only as an array literal
// (no computed member access), no assignment, no other syntax. `==`/`!=` become `===`/`!==`.

const GLOBALS = new Set(["auth", "now", "data", "newData", "root", "true", "false", "null"]);
const MEMBERS = new Set([
  "val",
  "child",
  "parent",
  "exists",
  "isString",
  "isNumber",
  "isBoolean",
  "hasChild",
  "hasChildren",
  "length",
  "uid",
  "token",
  "email",
  "email_verified",
  "provider",
]);
const OPERATORS = [
  "===",
  "!==",
  "==",
  "!=",
  "<=",
  ">=",
  "&&",
  "||",
  "!",
  "<",
  ">",
  "+",
  "-",
  "*",
  "/",
  "%",
  "(",
  ")",
  "[",
  "]",
  ",",
  ".",
  "?",
  ":",
];

export class RuleSyntaxError extends Error {
  name = "RuleSyntaxError";
}

function tokenize(src) {
  const tokens = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      let value = "";
      while (j < src.length && src[j] !== c) {
        if (src[j] === "\\") {
          value += src[j + 1] ?? "";
          j += 2;
          continue;
        }
        value += src[j++];
      }
      if (j >= src.length) throw new RuleSyntaxError(`unterminated string in ${src}`);
      tokens.push({ type: "string", value });
      i = j + 1;
      continue;
    }
    const num = /^\d+(\.\d+)?/.exec(src.slice(i));
    if (num) {
      tokens.push({ type: "number", value: num[0] });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(src.slice(i));
    if (id) {
      tokens.push({ type: "id", value: id[0] });
      i += id[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (!op) throw new RuleSyntaxError(`unexpected '${c}' in ${src}`);
    tokens.push({ type: "op", value: op });
    i += op.length;
  }
  return tokens;
}

const cache = new Map();

/**
 * Compiles one rule expression into (ctx) => boolean, refusing anything outside the subset.
 * @param {string} src
 * @param {string[]} [varNames]
 */
export function compileExpression(src, varNames = []) {
  const key = `${varNames.join(",")}|${src}`;
  if (cache.has(key)) return cache.get(key);
  const vars = new Set(varNames);
  const tokens = tokenize(String(src));
  let js = "";
  tokens.forEach((t, n) => {
    const prev = tokens[n - 1];
    if (t.type === "string") js += JSON.stringify(t.value);
    else if (t.type === "number") js += t.value;
    else if (t.type === "id") {
      if (prev?.type === "op" && prev.value === ".") {
        if (!MEMBERS.has(t.value)) throw new RuleSyntaxError(`member '${t.value}' is not allowed`);
        js += t.value;
      } else if (GLOBALS.has(t.value))
        js += t.value === "true" || t.value === "false" || t.value === "null" ? t.value : `ctx.${t.value}`;
      else if (t.value.startsWith("$") && vars.has(t.value)) js += `ctx.vars[${JSON.stringify(t.value)}]`;
      else throw new RuleSyntaxError(`unknown name '${t.value}'`);
    } else {
      if (
        t.value === "[" &&
        !(n === 0 || (prev.type === "op" && ["(", ",", "[", "&&", "||", "!", "?", ":"].includes(prev.value)))
      ) {
        throw new RuleSyntaxError("computed member access is not allowed");
      }
      if (
        t.value === "." &&
        !(prev && (prev.type === "id" || (prev.type === "op" && [")", "]"].includes(prev.value))))
      ) {
        throw new RuleSyntaxError("misplaced '.'");
      }
      js += t.value === "==" ? "===" : t.value === "!=" ? "!==" : ` ${t.value} `;
    }
  });
  const fn = new Function("ctx", `"use strict"; return (${js});`);
  cache.set(key, fn);
  return fn;
}

// ---- data snapshots ------------------------------------------------------------------------

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const splitPath = (p) => String(p).split("/").filter(Boolean);

export function getAt(tree, segs) {
  let v = tree;
  for (const s of segs) {
    if (!isObject(v) || !Object.prototype.hasOwnProperty.call(v, s)) return null;
    v = v[s];
  }
  return v ?? null;
}

/** Drops nulls and empty objects, as the Realtime Database does. */
export function normalize(value) {
  if (Array.isArray(value)) value = Object.fromEntries(value.map((v, i) => [String(i), v]));
  if (!isObject(value)) return value === undefined ? null : value;
  const out = {};
  for (const [k, v] of Object.entries(value)) {
    const n = normalize(v);
    if (n !== null) out[k] = n;
  }
  return Object.keys(out).length ? out : null;
}

export function setAt(tree, segs, value) {
  if (segs.length === 0) return normalize(value);
  const [head, ...rest] = segs;
  const base = isObject(tree) ? { ...tree } : {};
  base[head] = setAt(base[head] ?? null, rest, value);
  return normalize(base);
}

class Snapshot {
  constructor(tree, segs) {
    this._tree = tree;
    this._segs = segs;
  }
  val() {
    const v = getAt(this._tree, this._segs);
    return v === null ? null : structuredClone(v);
  }
  child(p) {
    return new Snapshot(this._tree, [...this._segs, ...splitPath(p)]);
  }
  parent() {
    return new Snapshot(this._tree, this._segs.slice(0, -1));
  }
  exists() {
    return getAt(this._tree, this._segs) !== null;
  }
  isString() {
    return typeof getAt(this._tree, this._segs) === "string";
  }
  isNumber() {
    return typeof getAt(this._tree, this._segs) === "number";
  }
  isBoolean() {
    return typeof getAt(this._tree, this._segs) === "boolean";
  }
  hasChild(p) {
    return this.child(p).exists();
  }
  hasChildren(list) {
    const v = getAt(this._tree, this._segs);
    if (!isObject(v)) return false;
    if (list === undefined) return Object.keys(v).length > 0;
    if (!Array.isArray(list)) throw new TypeError("hasChildren takes an array");
    return list.every((p) => this.hasChild(p));
  }
}

// ---- rules ---------------------------------------------------------------------------------

/** The rule nodes along a path: [{ node, vars }] for depth 0 (root) .. segs.length. */
function ruleChain(rules, segs) {
  const chain = [{ node: rules, vars: {} }];
  let node = rules;
  let vars = {};
  for (const s of segs) {
    let next;
    if (isObject(node)) {
      if (Object.prototype.hasOwnProperty.call(node, s) && !s.startsWith(".") && !s.startsWith("$")) next = node[s];
      else {
        const wild = Object.keys(node).find((k) => k.startsWith("$"));
        if (wild) {
          next = node[wild];
          vars = { ...vars, [wild]: s };
        }
      }
    }
    node = next;
    chain.push({ node, vars });
  }
  return chain;
}

function evaluate(rule, vars, ctx) {
  if (rule === undefined) return undefined;
  if (typeof rule === "boolean") return rule;
  const fn = compileExpression(rule, Object.keys(vars));
  try {
    return fn({ ...ctx, vars }) === true;
  } catch {
    return false;
  }
}

function contextFor({ root, newRoot, auth, now }, segs) {
  return {
    auth: auth ?? null,
    now,
    root: new Snapshot(root, []),
    data: new Snapshot(root, segs),
    newData: new Snapshot(newRoot ?? root, segs),
  };
}

/**
 * Reads: allowed when a .read on the path or any ancestor is true.
 * @param {any} rulesJson
 * @param {{ root: any, path: string, auth?: any, now?: number }} request
 */
export function canRead(rulesJson, { root, path, auth = null, now = Date.now() }) {
  const segs = splitPath(path);
  const chain = ruleChain(rulesJson.rules, segs);
  return chain.some(
    ({ node, vars }, depth) =>
      evaluate(
        isObject(node) ? node[".read"] : undefined,
        vars,
        contextFor({ root, auth, now }, segs.slice(0, depth)),
      ) === true,
  );
}

function validateTree(rules, env, segs) {
  // every node from the root down to the written path…
  const chain = ruleChain(rules, segs);
  for (let depth = 0; depth <= segs.length; depth++) {
    const here = segs.slice(0, depth);
    if (getAt(env.newRoot, here) === null) continue;
    const { node, vars } = chain[depth];
    if (isObject(node) && evaluate(node[".validate"], vars, contextFor(env, here)) === false) return false;
  }
  // …and every node below it in the new data.
  const walk = (node, vars, here) => {
    const value = getAt(env.newRoot, here);
    if (!isObject(value) || !isObject(node)) return true;
    for (const key of Object.keys(value)) {
      let child;
      let childVars = vars;
      if (Object.prototype.hasOwnProperty.call(node, key) && !key.startsWith(".") && !key.startsWith("$"))
        child = node[key];
      else {
        const wild = Object.keys(node).find((k) => k.startsWith("$"));
        if (wild) {
          child = node[wild];
          childVars = { ...vars, [wild]: key };
        }
      }
      if (child === undefined) continue;
      const at = [...here, key];
      if (isObject(child) && evaluate(child[".validate"], childVars, contextFor(env, at)) === false) return false;
      if (!walk(child, childVars, at)) return false;
    }
    return true;
  };
  const last = chain[segs.length];
  return walk(last.node, last.vars, segs);
}

function writeAllowed(rules, env, segs) {
  const chain = ruleChain(rules, segs);
  return chain.some(
    ({ node, vars }, depth) =>
      evaluate(isObject(node) ? node[".write"] : undefined, vars, contextFor(env, segs.slice(0, depth))) === true,
  );
}

/**
 * A set() (PUT) of `value` at `path`: the .write grant, then every .validate. Returns { allowed, newRoot }.
 * @param {any} rulesJson
 * @param {{ root: any, path: string, value: any, auth?: any, now?: number }} request
 */
export function canWrite(rulesJson, { root, path, value, auth = null, now = Date.now() }) {
  const segs = splitPath(path);
  const newRoot = setAt(root, segs, value);
  const env = { root, newRoot, auth, now };
  const allowed = writeAllowed(rulesJson.rules, env, segs) && validateTree(rulesJson.rules, env, segs);
  return { allowed, newRoot };
}

/**
 * An update() (PATCH): every child is a write of its own, validated against the combined result.
 * @param {any} rulesJson
 * @param {{ root: any, path: string, patch: Record<string, any>, auth?: any, now?: number }} request
 */
export function canUpdate(rulesJson, { root, path, patch, auth = null, now = Date.now() }) {
  const segs = splitPath(path);
  let newRoot = root;
  for (const [k, v] of Object.entries(patch)) newRoot = setAt(newRoot, [...segs, ...splitPath(k)], v);
  const env = { root, newRoot, auth, now };
  const allowed = Object.keys(patch).every((k) => {
    const at = [...segs, ...splitPath(k)];
    return writeAllowed(rulesJson.rules, env, at) && validateTree(rulesJson.rules, env, at);
  });
  return { allowed, newRoot };
}
