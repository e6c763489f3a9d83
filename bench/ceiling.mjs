// The physical ceiling of `npm run bench`: a bare node:http server returning the home page's
// HTML bytes (read once from the file given) from memory. Started as its own process.
import fs from "node:fs";
import http from "node:http";

const [file, port] = process.argv.slice(2);
const body = fs.readFileSync(file);
const headers = { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length };
http
  .createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => process.send?.("ready"));
