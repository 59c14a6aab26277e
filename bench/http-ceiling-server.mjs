// The throughput ceiling: node:http answering every request with one fixed response (the body
// and headers the app sent for a prerendered page), with nothing else to do.
// Usage: node bench/http-ceiling-server.mjs <body file> <headers JSON file> <port>
import { readFileSync } from "node:fs";
import http from "node:http";

const [bodyFile, headersFile, port] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const headers = JSON.parse(readFileSync(headersFile, "utf8"));
http
  .createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  })
  .listen(Number(port), "127.0.0.1");
