/** ZerriJobs and the Community Hub: rules and messages (SPEC §5, §8, §9). */

export const EMPLOYMENT_TYPES = ['Full-time', 'Part-time', 'Contract', 'Freelance', 'Internship'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
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
} as const;

export const COMMUNITY_MESSAGES = {
  emptyPost: 'Empty Post: Please add content, an image, or a video.',
  invalidImage: 'Invalid File: Please select an image file.',
  invalidVideo: 'Invalid File: Please select a video file.',
  postCreated: 'Post Created!',
  emptyComment: 'Empty Comment: Cannot submit an empty comment.',
  commentAdded: 'Comment Added',
  postDeleted: 'Post Deleted',
  notLoggedIn: 'Not Logged In: Please log in to follow users.',
  cannotFollowSelf: 'Cannot Follow Self: You cannot follow yourself.',
  userNotFound: 'Error: User not found.',
  followed: 'Followed',
  unfollowed: 'Unfollowed',
  noFollowing: 'You are not following anyone yet. Explore posts and follow creators!',
  emptyFeed: 'No posts to show in this feed. Start by creating a post or following other creators!',
  messagingSoon: 'Private messaging coming soon!',
  postNotFound: 'Post not found.',
} as const;

export const POST_TEXT_MAX = 5000;
export const COMMENT_TEXT_MAX = 2000;
export const POST_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const POST_VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const APPLICATION_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const FEEDS = ['all', 'following', 'popular'] as const;
export type Feed = (typeof FEEDS)[number];

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

/** Popular order: likes plus comments, highest first. */
export function popularity(post: { likeCount: number; commentCount: number }): number {
  return post.likeCount + post.commentCount;
}
