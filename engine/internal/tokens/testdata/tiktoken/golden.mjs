// Recomputes the counts in golden.json, and counts every file under
// ../schema, with OpenAI's tiktoken (the npm package "tiktoken" is its Rust
// implementation built to WebAssembly), so tests check the counter against
// the original and not only against a port.
//
//   npm install tiktoken@1.0.22 && node golden.mjs
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { get_encoding } from "tiktoken";

const here = new URL(".", import.meta.url);
const enc = get_encoding("o200k_base");
const cases = JSON.parse(readFileSync(new URL("golden.json", here), "utf8"));
for (const c of cases) {
  c.count = enc.encode_ordinary(c.text).length;
}
writeFileSync(new URL("golden.json", here), JSON.stringify(cases, null, 1) + "\n");

const files = {};
const dir = new URL("../schema/", here);
for (const name of readdirSync(dir).filter((n) => n.endsWith(".json")).sort()) {
  files[name] = enc.encode_ordinary(readFileSync(new URL(name, dir), "utf8")).length;
}
writeFileSync(new URL("files.json", here), JSON.stringify(files, null, 1) + "\n");
enc.free();
