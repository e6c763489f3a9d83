// CPU per password hash: today's scrypt against each of the Argon2id settings the OWASP Password
// Storage Cheat Sheet counts as equal in defence (ADR 055). Each hash runs synchronously on this
// thread, as on a hashing thread of the app, so the process's CPU time is the hash's.
// Prints a table and writes bench/results/hash-<timestamp>.json. HASH_RUNS hashes a setting (15).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { Algorithm, hashRawSync } from "@node-rs/argon2";
import { gitCommit, machine, table } from "./lib.mjs";

const runs = Number(process.env.HASH_RUNS ?? 15);
const password = "correct horse battery staple";

const settings = [
  ...[
    [14, 5],
    [13, 10],
  ].map(([log2N, p]) => ({
    name: `scrypt N=2^${log2N} r=8 p=${p}`,
    memoryMiB: 2 ** log2N / 1024,
    run: () =>
      crypto.scryptSync(password, crypto.randomBytes(16), 64, { N: 2 ** log2N, r: 8, p, maxmem: 256 * 2 ** log2N * 8 }),
  })),
  ...[
    [47104, 1],
    [19456, 2],
    [12288, 3],
    [9216, 4],
    [7168, 5],
  ].map(([m, t]) => ({
    name: `argon2id m=${m} t=${t} p=1`,
    memoryMiB: m / 1024,
    run: () =>
      hashRawSync(password, {
        algorithm: Algorithm.Argon2id,
        memoryCost: m,
        timeCost: t,
        parallelism: 1,
        salt: crypto.randomBytes(16),
      }),
  })),
];

const rows = settings.map(({ name, memoryMiB, run }) => {
  run();
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage();
    run();
    const used = process.cpuUsage(before);
    ms.push((used.user + used.system) / 1000);
  }
  ms.sort((a, b) => a - b);
  return { name, memoryMiB, medianMs: ms[Math.floor(ms.length / 2)], minMs: ms[0], maxMs: ms.at(-1) };
});

const loadavg = os.loadavg().map((x) => x.toFixed(2));
console.log(`CPU ms per hash, ${runs} hashes a setting, load average ${loadavg.join(" ")}\n`);
console.log(
  table(rows, [
    { title: "setting", get: (r) => r.name, left: true },
    { title: "MiB", get: (r) => r.memoryMiB },
    { title: "median ms", get: (r) => r.medianMs.toFixed(1) },
    { title: "min–max ms", get: (r) => `${r.minMs.toFixed(1)}–${r.maxMs.toFixed(1)}` },
  ]),
);
const file = `bench/results/hash-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
fs.writeFileSync(
  file,
  JSON.stringify({ commit: gitCommit(), machine: machine(), loadavg, runs, rows }, null, 2) + "\n",
);
console.log(`\n${file}`);
