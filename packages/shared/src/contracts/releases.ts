import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common';
import { FAILURE_MESSAGE_MAX } from './constants';
import releaseManifest from './release-manifest.json';

export { FAILURE_MESSAGE_MAX };

/** The build a remote runs before any promotion, served by the app itself. */
export const BUILTIN_VERSION = releaseManifest.builtin;
/** Declared once in release-manifest.json, which the release library (build/release-control.cjs) reads too. */
export const RELEASE_VERSION_PATTERN = new RegExp(releaseManifest.versionPattern);
/** The longest version the pattern takes. */
export const RELEASE_VERSION_MAX_LENGTH = 64;

const versionSchema = z.string().regex(RELEASE_VERSION_PATTERN, { error: 'version: letters, digits, dots, dashes, plus and underscores, at most 64' });

/** Why a user gets the version they get: the live one, a canary by share, or a canary for their tenant. */
export const releaseReasonSchema = z.enum(['live', 'canary', 'tenant']);
export type ReleaseReason = z.infer<typeof releaseReasonSchema>;

const remoteAddressSchema = z.object({ version: z.string(), entry: z.string() });

/** One remote in /mf-remotes.json: which version this user loads, why, and what to load if it fails. */
export const remoteChoiceSchema = remoteAddressSchema.extend({
  reason: releaseReasonSchema,
  fallback: remoteAddressSchema.nullable(),
});
export type RemoteChoice = z.infer<typeof remoteChoiceSchema>;
export const remotesManifestSchema = z.record(z.string(), remoteChoiceSchema);
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;

/** Where a remote failed in a browser: fetching its files, running its module, or rendering its page. */
export const RELEASE_FAILURE_PHASES = ['load', 'import', 'render'] as const;
export const releaseFailureSchema = z.object({
  version: versionSchema,
  phase: z.enum(RELEASE_FAILURE_PHASES, { error: `phase: must be one of ${RELEASE_FAILURE_PHASES.join(', ')}` }),
  message: z
    .string()
    .trim()
    .min(1, { error: 'message: required' })
    .max(FAILURE_MESSAGE_MAX, { error: `message: at most ${FAILURE_MESSAGE_MAX} characters` }),
});
export type ReleaseFailure = z.infer<typeof releaseFailureSchema>;

export const releaseRemoteParamsSchema = z.object({ remote: z.string().max(100) });

/** An admin's promotion: live for everyone, or with a share and/or tenants a canary beside the live version. */
export const promoteReleaseSchema = z.object({
  version: z.string().min(1, { error: 'version: required' }).max(64, { error: 'version: at most 64 characters' }),
  percent: z.number({ error: 'percent: a whole number from 1 to 99' }).nullish(),
  tenant_ids: z.array(uuidSchema, { error: 'tenant_ids: a list of tenant ids' }).max(100).optional(),
});
export type PromoteRelease = z.infer<typeof promoteReleaseSchema>;

export const releaseCanarySchema = z.object({
  version: z.string(),
  percent: z.number().int().nullable(),
  tenant_ids: z.array(z.string()),
  since: timestampSchema,
  /** The version the canary's users fall back to: the live one. */
  fallback: z.string(),
});
export type ReleaseCanary = z.infer<typeof releaseCanarySchema>;

export const releaseHistoryEntrySchema = z.object({
  action: z.enum(['promote', 'canary', 'end-canary', 'rollback']),
  version: z.string(),
  percent: z.number().int().nullable(),
  tenant_ids: z.array(z.string()),
  at: timestampSchema,
});

export const releaseVersionSchema = z.object({
  version: z.string(),
  commit: z.string().nullable(),
  published_at: timestampSchema.nullable(),
  live: z.boolean(),
  canary: z.boolean(),
  /** Browsers that reported this version failing over the last 24 hours: each signed-in user, or else each client address, counts once. */
  failing_browsers_24h: z.number().int().nonnegative(),
});
export type ReleaseVersion = z.infer<typeof releaseVersionSchema>;

export const remoteReleasesSchema = z.object({
  remote: z.string(),
  live: z.string(),
  canary: releaseCanarySchema.nullable(),
  /** The version everyone not on the canary falls back to (fallbackVersion), null for none. */
  fallback: z.string().nullable(),
  versions: z.array(releaseVersionSchema),
  history: z.array(releaseHistoryEntrySchema),
});
export type RemoteReleases = z.infer<typeof remoteReleasesSchema>;
export const releasesListSchema = z.object({ remotes: z.array(remoteReleasesSchema) });
export type ReleasesList = z.infer<typeof releasesListSchema>;
