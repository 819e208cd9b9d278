// Runs @google/genai's own conversion of function declarations over tool
// lists, offline: fetch is replaced by a stub that keeps the request body
// and answers an empty response, so nothing leaves the machine.
//
// Usage: node genai-oracle.cjs NODE_MODULES_DIR < tools.json
// stdin: {"servers": {"NAME": [{"name", "description", "inputSchema"}]}}
// stdout: {"schemaFields": [...], "servers": {"NAME": [{"name", "route",
// "parameters", "error"}]}} where route is the field the SDK sent the
// schema in, and schemaFields are the fields of the SDK's own Schema type
// (dist/genai.d.ts): what the API's Schema object knows.
'use strict';
const path = require('path');
const { GoogleGenAI } = require(path.join(process.argv[2], '@google', 'genai'));

let captured = null;
globalThis.fetch = async (url, init) => {
  captured = JSON.parse(init.body);
  return new Response(JSON.stringify({ candidates: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } });
};

function schemaFields() {
  const dts = require('fs').readFileSync(path.join(process.argv[2], '@google', 'genai', 'dist', 'genai.d.ts'), 'utf8');
  const body = dts.match(/^export declare interface Schema \{([\s\S]*?)^\}/m);
  if (!body) throw new Error('no Schema interface in genai.d.ts');
  return [...body[1].matchAll(/^\s+([A-Za-z$]+)\??:/gm)].map((m) => m[1]).sort();
}

async function convert(ai, tool) {
  captured = null;
  const decl = { name: tool.name, description: tool.description || '', parameters: JSON.parse(JSON.stringify(tool.inputSchema)) };
  try {
    await ai.models.generateContent({ model: 'gemini-2.0-flash', contents: 'hi', config: { tools: [{ functionDeclarations: [decl] }] } });
  } catch (e) {
    if (!captured) return { name: tool.name, error: String(e && e.message || e) };
  }
  const sent = captured.tools[0].functionDeclarations[0];
  if (sent.parametersJsonSchema !== undefined) return { name: tool.name, route: 'parametersJsonSchema' };
  return { name: tool.name, route: 'parameters', parameters: sent.parameters };
}

(async () => {
  const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
  const ai = new GoogleGenAI({ apiKey: 'offline-oracle' });
  const servers = {};
  for (const [server, tools] of Object.entries(input.servers)) {
    servers[server] = [];
    for (const t of tools) servers[server].push(await convert(ai, t));
  }
  process.stdout.write(JSON.stringify({ schemaFields: schemaFields(), servers }));
})().catch((e) => { console.error(e); process.exit(1); });
