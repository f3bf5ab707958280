/** The links routes and the schemas of their answers (src/shared/api-contract.ts). */
import type { ApiRoutes } from './api-contract.ts';

export const LINKS_API = {} as const satisfies ApiRoutes;
