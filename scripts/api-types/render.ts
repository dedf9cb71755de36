import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

/** Where the renderer's generated API types live (relative to the repository). */
export const API_TYPES_FILE = 'renderer/src/api-schema.d.ts';

const HEADER = `/**
 * GENERATED from the core's OpenAPI document (/docs/json) by \`npm run api:types\`: do not edit.
 * test/integration/renderer-api-types.test.ts fails when it no longer matches the core's schemas.
 * The screens read these types through renderer/src/api-types.ts (docs/architecture.md, "The UI's API types").
 */

`;

/** The renderer's API types for this OpenAPI document: openapi-typescript's output under a header. */
export async function renderApiTypes(doc: OpenAPI3): Promise<string> {
  return HEADER + astToString(await openapiTS(doc));
}
