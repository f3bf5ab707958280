/** The jobs routes and the schemas of their answers (src/shared/api-contract.ts). */
import type { ApiRoutes } from './api-contract.ts';

export const JOBS_API = {} as const satisfies ApiRoutes;
