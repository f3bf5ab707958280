import { and, desc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AI_MESSAGES,
  AI_PROMPT_MAX,
  aiAllowanceResetsOn,
  aiNotConfiguredMessage,
  aiUsageMonth,
  englishDay,
  type AiStreamEvent,
  type GenerationStatus,
} from '#shared/ai.ts';
import type { AiStatus, AiUsage, Generation } from '#shared/ai-api.ts';
import {
  AI_DRAFT_MESSAGES,
  PRODUCT_BRIEF_MAX,
  productDraftInstructions,
  translationInstructions,
  type TranslationLanguage,
} from '#shared/ai-product-draft.ts';
import { aiAllowance, aiUpgradePlan, PLAN_MESSAGES, planById } from '#shared/plans.ts';
import { type Category, PRODUCT_DESCRIPTION_MAX } from '#shared/products.ts';
import { aiGenerations } from '../../db/schema/ai.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, BadRequestError } from '../../platform/errors.ts';
import { createAiProvider, missingAiSettings, providerMessage } from './provider.ts';
import { countGeneration, generationsInMonth, getAiAccount, uncountGeneration } from './queries.ts';

const SYSTEM_PROMPT =
  'You are the writing assistant of a platform for digital creators. Write clear, friendly, ready-to-use copy. Answer in the language of the request.';

class GenerationTimeout extends Error {}

export type AiService = ReturnType<typeof createAiService>;

/** The AI studio: the configured provider and the user's saved generations (its rate limit is on the route). */
export function createAiService(ctx: AppContext) {
  const { db } = ctx.database;
  const provider = createAiProvider(ctx.config);

  const status = (): AiStatus => ({ configured: Boolean(provider), missingSettings: provider ? [] : missingAiSettings(ctx.config) });

  /** The 503 of a server without a provider, naming the settings it needs. */
  function notConfigured(): AppError {
    const settings = missingAiSettings(ctx.config);
    return new AppError(503, 'ai_not_configured', aiNotConfiguredMessage(settings), { title: AI_MESSAGES.errorTitle, params: { settings: settings.join(', ') } });
  }

  /** The account's AI generations this month against its allowance: what the studio shows. */
  async function usage(userId: string): Promise<AiUsage> {
    const account = await getAiAccount(db, userId);
    const now = ctx.clock.now();
    const limit = aiAllowance(account);
    return {
      plan: account.plan,
      limit,
      used: await generationsInMonth(db, userId, aiUsageMonth(now)),
      resetsOn: aiAllowanceResetsOn(now),
      upgradePlan: limit === null ? null : aiUpgradePlan(account.plan),
    };
  }

  /**
   * Counts one generation against the account's allowance (aiAllowance: its plan's, unlimited for an
   * admin) in the calendar month of the app's clock, or refuses with 429 ai_limit_reached naming the
   * day it renews and the plan to upgrade to. Every AI route counts one: the studio's generations and
   * the product form's drafts and translations alike (they cost the same provider call, and a free
   * translation would be a free studio). Answers the month counted (a refused provider gives it back).
   */
  async function charge(userId: string): Promise<string> {
    const account = await getAiAccount(db, userId);
    const now = ctx.clock.now();
    const month = aiUsageMonth(now);
    const limit = aiAllowance(account);
    if (!(await countGeneration(db, userId, month, limit))) {
      const resetsOn = aiAllowanceResetsOn(now);
      const upgrade = planById(aiUpgradePlan(account.plan) ?? 'business');
      throw new AppError(429, 'ai_limit_reached', PLAN_MESSAGES.aiLimitReached(limit ?? 0, englishDay(resetsOn), upgrade.name), {
        title: AI_MESSAGES.limitTitle,
        params: { limit: limit ?? 0, resetsOn, plan: upgrade.name, planId: upgrade.id },
      });
    }
    return month;
  }

  /**
   * Streams the provider's answer to the client as server-sent events: delta…, then done (or error).
   * Saves the text as a completed generation, or as a stopped one when the client went away; a
   * failed generation is not saved. Errors before the stream starts are thrown as JSON answers.
   */
  async function generate(request: FastifyRequest, reply: FastifyReply, userId: string, rawPrompt: string): Promise<void> {
    const prompt = rawPrompt.trim();
    if (!prompt) throw new BadRequestError(AI_MESSAGES.prompt, 'prompt_required', { title: AI_MESSAGES.promptTitle });
    if (prompt.length > AI_PROMPT_MAX) throw new BadRequestError(AI_MESSAGES.promptTooLong, 'prompt_too_long', { title: AI_MESSAGES.promptTitle });
    await stream(request, reply, userId, SYSTEM_PROMPT, prompt, async (text, status) => {
      const [saved] = await db.insert(aiGenerations).values({ userId, prompt, response: text, status }).returning({ id: aiGenerations.id });
      return saved!.id;
    });
  }

  /**
   * "Write with AI" in the product form: a draft of the title, tags and description in the format
   * parseProductDraft (#shared/ai-product-draft.ts) reads, streamed like a generation. Nothing is
   * saved: the draft goes into the form, which the creator saves.
   */
  async function draftProduct(request: FastifyRequest, reply: FastifyReply, userId: string, rawBrief: string, category?: Category): Promise<void> {
    const brief = rawBrief.trim();
    if (!brief) throw new BadRequestError(AI_DRAFT_MESSAGES.briefRequired, 'brief_required', { title: AI_MESSAGES.promptTitle });
    if (brief.length > PRODUCT_BRIEF_MAX) throw new BadRequestError(AI_DRAFT_MESSAGES.briefTooLong, 'brief_too_long', { title: AI_MESSAGES.promptTitle });
    await stream(request, reply, userId, productDraftInstructions(category), brief);
  }

  /** A product description translated into Spanish or French, streamed; nothing is saved. */
  async function translate(request: FastifyRequest, reply: FastifyReply, userId: string, rawText: string, to: TranslationLanguage): Promise<void> {
    const text = rawText.trim();
    if (!text) throw new BadRequestError(AI_DRAFT_MESSAGES.textRequired, 'text_required', { title: AI_MESSAGES.promptTitle });
    if (text.length > PRODUCT_DESCRIPTION_MAX) throw new BadRequestError(AI_DRAFT_MESSAGES.textTooLong, 'text_too_long', { title: AI_MESSAGES.promptTitle });
    await stream(request, reply, userId, translationInstructions(to), text);
  }

  /**
   * Streams the provider's answer to `prompt` under `system` as server-sent events: delta…, then
   * done (or error). `save` keeps the text (completed, or stopped when the client went away) and
   * names it in the done event; a failed answer is not saved. Errors before the stream starts are
   * thrown as JSON answers. The user's plan is charged one generation before the provider is called,
   * and given it back when the provider refuses before answering.
   */
  async function stream(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    system: string,
    prompt: string,
    save?: (text: string, status: GenerationStatus) => Promise<string>,
  ): Promise<void> {
    if (!provider) throw notConfigured();
    // The SDK is loaded before the clock starts: the time limit is the provider's.
    const client = await provider.client();
    const month = await charge(userId);

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new GenerationTimeout()), ctx.config.AI_TIMEOUT_MS);
    let clientGone = false;
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) {
        clientGone = true;
        controller.abort();
      }
    });
    const failure = (error: unknown) =>
      controller.signal.reason instanceof GenerationTimeout
        ? new AppError(504, 'ai_timeout', AI_MESSAGES.timeout, { title: AI_MESSAGES.failedTitle })
        : providerMessage(error)
          ? new AppError(502, 'ai_failed', providerMessage(error)!, { title: AI_MESSAGES.failedTitle })
          : new AppError(502, 'ai_error', AI_MESSAGES.unexpected, { title: AI_MESSAGES.errorTitle });

    let completion;
    try {
      completion = await client.chat.completions.create(
        { model: provider.model, stream: true, messages: [{ role: 'system', content: system }, { role: 'user', content: prompt }] },
        { signal: controller.signal },
      );
    } catch (error) {
      clearTimeout(timer);
      request.log.warn({ err: error }, 'AI provider refused the request');
      await uncountGeneration(db, userId, month);
      throw failure(error);
    }

    reply.hijack();
    reply.raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    });
    const send = (event: AiStreamEvent) => {
      if (!clientGone) reply.raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    };
    let text = '';
    let failed = false;
    let status: GenerationStatus = 'completed';
    try {
      for await (const chunk of completion) {
        const delta = chunk.choices[0]?.delta?.content;
        if (delta) {
          text += delta;
          send({ type: 'delta', text: delta });
        }
      }
      // The SDK ends an aborted stream quietly: tell a Stop from a timeout.
      if (controller.signal.aborted) throw controller.signal.reason;
    } catch (error) {
      if (clientGone) status = 'stopped';
      else {
        const problem = failure(error);
        send({ type: 'error', title: problem.title ?? AI_MESSAGES.failedTitle, code: problem.code, message: problem.message, params: problem.params });
        failed = true;
      }
    } finally {
      clearTimeout(timer);
    }
    if (save) {
      if (text && !failed) send({ type: 'done', generationId: await save(text, status) });
    } else if (!failed) send({ type: 'done' });
    reply.raw.end();
  }

  /** The user's latest generations, newest first. */
  async function listGenerations(userId: string): Promise<Generation[]> {
    const rows = await db.select().from(aiGenerations).where(eq(aiGenerations.userId, userId)).orderBy(desc(aiGenerations.createdAt)).limit(50);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }

  /** Deletes one of the user's generations; false when it is not theirs. */
  async function deleteGeneration(userId: string, id: string): Promise<boolean> {
    const deleted = await db
      .delete(aiGenerations)
      .where(and(eq(aiGenerations.id, id), eq(aiGenerations.userId, userId)))
      .returning({ id: aiGenerations.id });
    return deleted.length > 0;
  }

  return { status, usage, generate, draftProduct, translate, listGenerations, deleteGeneration };
}
