export const ZERRIJOBS_PATH = '/dashboard/zerrijobs';
export const MY_JOBS_PATH = `${ZERRIJOBS_PATH}/my-jobs`;
export const jobPath = (id: string) => `${ZERRIJOBS_PATH}/jobs/${id}`;
