// The physical ceiling of the benches: a bare node:http server answering from memory, started as
// its own process. Given an HTML file: its bytes for every path (the home page's, bench/run.mjs).
// Given a JSON file (bench/browser.mjs): per path, the exact headers and base64 body the app sent.
import fs from "node:fs";
import http from "node:http";

const [file, port] = process.argv.slice(2);
const answers = file.endsWith(".json")
  ? Object.fromEntries(
      Object.entries(JSON.parse(fs.readFileSync(file, "utf8"))).map(([url, a]) => {
        const body = Buffer.from(a.body, "base64");
        return [url, { body, headers: { ...a.headers, "Content-Length": body.length } }];
      }),
    )
  : null;
const page = answers ? null : fs.readFileSync(file);
const pageHeaders = page && { "Content-Type": "text/html; charset=utf-8", "Content-Length": page.length };
http
  .createServer((req, res) => {
    const answer = answers ? answers[req.url] : { body: page, headers: pageHeaders };
    if (!answer) return res.writeHead(404).end();
    res.writeHead(200, answer.headers);
    res.end(answer.body);
  })
  .listen(Number(port), "127.0.0.1", () => process.send?.("ready"));
