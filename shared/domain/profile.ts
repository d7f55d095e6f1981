import { normalizeRole } from './roles.js';

/**
 * Profile customization (SPEC §3 'Profile effects', 'Color schemes', §6 'Profile features'):
 * which effects, colours and animated avatars each role may use. The server refuses a locked
 * choice; the customization modal shows it locked with the tier it needs.
 */

/** The tier a profile feature needs: free for everyone, vip (vip and above) or premium (premium and above). */
export type FeatureTier = 'free' | 'vip' | 'premium';

export const PROFILE_EFFECTS = [
  { value: 'none', label: 'None', tier: 'free' },
  { value: 'rotating-gradient', label: 'Rotating Gradient', tier: 'free' },
  { value: 'pulse-glow', label: 'Pulse Glow', tier: 'vip' },
  { value: 'wave-effect', label: 'Wave Effect', tier: 'vip' },
  { value: 'sparkle-trail', label: 'Sparkle Trail', tier: 'premium' },
  { value: 'lightning-bolt', label: 'Lightning Bolt', tier: 'premium' },
  { value: 'rainbow-shift', label: 'Rainbow Shift', tier: 'premium' },
] as const satisfies ReadonlyArray<{ value: string; label: string; tier: FeatureTier }>;

/** Each colour scheme has a pair of display colours (SPEC §3). */
export const PROFILE_COLORS = [
  { value: 'cyan', label: 'Cyan', tier: 'free', pair: ['#22d3ee', '#0ea5e9'] },
  { value: 'purple', label: 'Purple', tier: 'free', pair: ['#a78bfa', '#7c3aed'] },
  { value: 'green', label: 'Green', tier: 'vip', pair: ['#34d399', '#059669'] },
  { value: 'orange', label: 'Orange', tier: 'vip', pair: ['#fb923c', '#ea580c'] },
  { value: 'gold', label: 'Gold', tier: 'premium', pair: ['#fcd34d', '#d97706'] },
  { value: 'diamond', label: 'Diamond', tier: 'premium', pair: ['#e0f2fe', '#818cf8'] },
] as const satisfies ReadonlyArray<{ value: string; label: string; tier: FeatureTier; pair: readonly [string, string] }>;

export type ProfileEffect = (typeof PROFILE_EFFECTS)[number]['value'];
export type ProfileColor = (typeof PROFILE_COLORS)[number]['value'];

export const PROFILE_EFFECT_VALUES = PROFILE_EFFECTS.map((effect) => effect.value) as [ProfileEffect, ...ProfileEffect[]];
export const PROFILE_COLOR_VALUES = PROFILE_COLORS.map((color) => color.value) as [ProfileColor, ...ProfileColor[]];

/** SPEC §3 defaults (DESIGN §5: the settings reading). */
export const DEFAULT_PROFILE_EFFECT: ProfileEffect = 'none';
export const DEFAULT_PROFILE_COLOR: ProfileColor = 'cyan';

/**
 * The highest profile tier a role unlocks (SPEC §6): vip → vip features; premium, developer and
 * owner → premium features; members (and unknown roles) → free ones only.
 */
export function profileTierOf(role: unknown): FeatureTier {
  const r = normalizeRole(role);
  if (r === 'premium' || r === 'developer' || r === 'owner') return 'premium';
  if (r === 'vip') return 'vip';
  return 'free';
}

const RANK: Record<FeatureTier, number> = { free: 0, vip: 1, premium: 2 };

/** True when `role` may use a feature of `tier`. */
export function unlocks(role: unknown, tier: FeatureTier): boolean {
  return RANK[profileTierOf(role)] >= RANK[tier];
}

export function effectTier(effect: string): FeatureTier | null {
  return PROFILE_EFFECTS.find((e) => e.value === effect)?.tier ?? null;
}

export function colorTier(color: string): FeatureTier | null {
  return PROFILE_COLORS.find((c) => c.value === color)?.tier ?? null;
}

/** The colour pair of a scheme; unknown schemes show as cyan. */
export function colorPair(color: string): readonly [string, string] {
  return (PROFILE_COLORS.find((c) => c.value === color) ?? PROFILE_COLORS[0]).pair;
}

/** GIF avatars and the 'Enable GIF Profile Pictures' toggle: vip, premium, developer and owner (SPEC §5, §6). */
export function canUseAnimatedAvatar(role: unknown): boolean {
  return unlocks(role, 'vip');
}

export interface ProfileChoice {
  profileEffect: string;
  profileColor: string;
  allowAnimatedPfp: boolean;
}

/**
 * SPEC §4 'Profile customization save': a locked effect resets to none and turns animated avatars
 * off; a locked colour resets to cyan; animated avatars need a role that may use them. The modal
 * saves what this returns, and the server stores the same (and refuses a locked choice sent anyway).
 */
export function allowedProfileChoice(role: unknown, choice: ProfileChoice): ProfileChoice {
  const effectOk = unlocks(role, effectTier(choice.profileEffect) ?? 'premium');
  const colorOk = unlocks(role, colorTier(choice.profileColor) ?? 'premium');
  return {
    profileEffect: effectOk ? choice.profileEffect : DEFAULT_PROFILE_EFFECT,
    profileColor: colorOk ? choice.profileColor : DEFAULT_PROFILE_COLOR,
    allowAnimatedPfp: effectOk && canUseAnimatedAvatar(role) ? choice.allowAnimatedPfp : false,
  };
}

/** Avatar limits (SPEC §5, §9). */
export const AVATAR_LIMITS = {
  gifBytes: 10 * 1024 * 1024,
  imageBytes: 5 * 1024 * 1024,
  /** The encoded payload (a data URL) must be under this. */
  payloadBytes: 10 * 1024 * 1024,
  longestSidePx: 300,
  jpegQuality: 0.8,
} as const;
