// Vite's client types: asset imports (`import url from './x.svg'`) and `import.meta.env`. Browser-only
// declarations, so they keep Node's types out of the UI like the rest of tsconfig.web.json.
/// <reference types="vite/client" />
