// Runs the OpenAI Agents SDK's own conversion of MCP tool schemas to
// strict mode (what convertSchemasToStrict does) over tool lists, offline.
//
// Usage: node agents-oracle.cjs NODE_MODULES_DIR < tools.json
// stdin: {"servers": {"NAME": [{"name", "inputSchema"}]}}
// stdout: {"NAME": [{"name", "error"}]}: error is the SDK's reason for
// not converting the schema, empty when it converted it.
'use strict';
const path = require('path');
const strict = require(path.join(process.argv[2], '@openai', 'agents-core', 'dist', 'utils', 'strictToolSchema.js'));

const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = {};
for (const [server, tools] of Object.entries(input.servers)) {
  out[server] = tools.map((t) => {
    // As mcpToFunctionTool builds it before converting.
    const s = t.inputSchema || {};
    const schema = { ...s, type: s.type ?? 'object', properties: s.properties ?? {}, required: s.required ?? [] };
    try {
      strict.assertOpenAIStrictToolSchemaPreservesOpenObjects(schema);
      strict.toOpenAIStrictToolSchema(schema);
      return { name: t.name, error: '' };
    } catch (e) {
      return { name: t.name, error: String(e && e.message || e) };
    }
  });
}
process.stdout.write(JSON.stringify(out));
