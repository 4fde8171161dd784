// The API reference page (/docs/api, served by the server): Scalar, loaded
// before this from scalar.js, renders the API's OpenAPI document. Nothing
// is fetched from elsewhere: no fonts, no proxy for trying requests (they go
// to this origin, with this browser's session), no AI agent or MCP offer.
/* global Scalar */
Scalar.createApiReference('#reference', {
  url: '/api/openapi.json',
  withDefaultFonts: false,
  showDeveloperTools: 'never',
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
})
