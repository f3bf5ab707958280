/** The ai routes and the schemas of their answers (src/shared/api-contract.ts). */
import type { ApiRoutes } from './api-contract.ts';

export const AI_API = {} as const satisfies ApiRoutes;
