/** ZerriJobs and the Community Hub: rules and messages (SPEC §5, §8, §9). */

export const EMPLOYMENT_TYPES = ['Full-time', 'Part-time', 'Contract', 'Freelance', 'Internship'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
/** A posting is open (in Find Jobs, takes applications) or closed by its company. */
export const JOB_STATUSES = ['open', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_TABS = ['overview', 'find', 'post', 'community'] as const;

export const JOB_MESSAGES = {
  missingFields: 'Missing Fields: Please fill all required fields.',
  companiesOnly: 'This section is for companies to post job openings. Creator accounts cannot post jobs.',
  companyAdvice: 'To post jobs, register an account with the Company role.',
  posted: 'Job Posted!',
  noMatches: 'No job postings match your criteria. Try broadening your search.',
  notFound: 'Job not found.',
  applied: 'Application Sent!',
  applicationNeedsMessage: 'Please write a short message to the company.',
  alreadyApplied: 'You have already applied to this job.',
  ownJob: 'You cannot apply to your own job.',
  closed: 'This job is closed and no longer takes applications.',
  notOwner: 'You can only change your own job postings.',
  fileNotFound: 'File not found.',
  employmentTypeRequired: 'Please choose an employment type.',
  applyUrlInvalid: 'The apply link must start with http:// or https://',
  applyEmailInvalid: 'Please enter a valid apply e-mail address.',
} as const;

export const APPLICATION_FILE_MAX_BYTES = 10 * 1024 * 1024;

export interface JobFilters {
  keyword?: string;
  location?: string;
  type?: EmploymentType | 'All';
}

export interface FilterableJob {
  title: string;
  companyName: string;
  description: string;
  location: string;
  skills: string[];
  employmentType: EmploymentType;
}

/**
 * The job filter rules: the keyword matches title, company name, description or any required
 * skill, ignoring case; the location is a case-insensitive substring; the type must be equal
 * unless it is All. The server's SQL follows these rules (tested against this function).
 */
export function matchesJobFilters(job: FilterableJob, filters: JobFilters): boolean {
  const keyword = filters.keyword?.trim().toLowerCase();
  if (keyword) {
    const fields = [job.title, job.companyName, job.description, ...job.skills];
    if (!fields.some((field) => field.toLowerCase().includes(keyword))) return false;
  }
  const location = filters.location?.trim().toLowerCase();
  if (location && !job.location.toLowerCase().includes(location)) return false;
  if (filters.type && filters.type !== 'All' && job.employmentType !== filters.type) return false;
  return true;
}

/** Skills typed as "React, , Figma" → ["React", "Figma"]. */
export function parseSkills(input: string): string[] {
  return input
    .split(',')
    .map((skill) => skill.trim())
    .filter(Boolean)
    .slice(0, 30);
}

/** A company manages (edits, closes, reads the applications of) only its own postings. */
export function canManageJob(viewer: { id: string; role: string }, job: { companyId: string }): boolean {
  return viewer.role === 'company' && job.companyId === viewer.id;
}

/** An application's file is private: only the job's company and the applicant get it. */
export function canReadApplicationFile(viewer: { id: string }, job: { companyId: string }, application: { applicantId: string }): boolean {
  return job.companyId === viewer.id || application.applicantId === viewer.id;
}
