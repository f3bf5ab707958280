import { z } from 'zod';
import { PLANS, type PlanId } from './plans.ts';

/**
 * Storage quotas (issue #16): each user may keep their plan's `storageQuotaBytes` of stored files
 * (product files, covers, avatars, post media, application files) and designs.
 * GET /api/profile/storage answers with this.
 */
export const storageUsageSchema = z.object({
  usedBytes: z.number().int().min(0),
  quotaBytes: z.number().int().min(0),
  plan: z.enum(PLANS.map((plan) => plan.id) as [PlanId, ...PlanId[]]),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

export const STORAGE_QUOTA_EXCEEDED_CODE = 'storage_quota_exceeded';

export const STORAGE_MESSAGES = {
  quotaExceeded: (quotaBytes: number, plan: PlanId) =>
    `This does not fit in your storage (${describeBytes(quotaBytes)} on the ${planName(plan)} plan). Delete files you no longer need or upgrade your plan.`,
} as const;

/**
 * The values in quotaExceeded's message, sent with the error so the web can word it in its language
 * (`planId` names the plan in that language; `plan` is its English name).
 */
export const storageQuotaParams = (quotaBytes: number, plan: PlanId) => ({ quota: describeBytes(quotaBytes), plan: planName(plan), planId: plan });

/** The share of the quota in use, 0–100, rounded down: a store shows 100 % only once it is full. */
export function storagePercent({ usedBytes, quotaBytes }: Pick<StorageUsage, 'usedBytes' | 'quotaBytes'>): number {
  if (quotaBytes <= 0) return usedBytes > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.floor((usedBytes / quotaBytes) * 100)));
}

/** Whether `addedBytes` more still fit. */
export function fitsInQuota(usage: Pick<StorageUsage, 'usedBytes' | 'quotaBytes'>, addedBytes: number): boolean {
  return usage.usedBytes + addedBytes <= usage.quotaBytes;
}

/** 1073741824 → "1 GB", 1572864 → "1.5 MB": sizes in server messages (the web formats its own). */
export function describeBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? String(value) : String(Math.round(value * 10) / 10);
  return `${rounded} ${units[unit]}`;
}

const planName = (plan: PlanId) => PLANS.find((candidate) => candidate.id === plan)?.name ?? plan;
