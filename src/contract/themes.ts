import * as z from 'zod'
import { SafeObjectSchema, TimestampSchema, atLeastOneOf, safeObjectWith } from './common.js'

export const ThemeSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    owner: z.string(),
    version: z.string(),
    isActive: z.boolean().describe('Whether the shop uses this theme.'),
    shopSlug: z.string(),
    updatedAt: TimestampSchema,
  })
  .meta({ id: 'ThemeSummary' })
export interface ThemeSummary extends z.infer<typeof ThemeSummarySchema> {}

export const ThemeSchema = ThemeSummarySchema.extend({
  config: z
    .record(z.string(), z.unknown())
    .describe(
      'Normalised theme configuration (colors, layout, components). Emulator: defaults merged in, unknown keys kept.',
    ),
  files: z
    .object({ 'theme.json': z.string(), 'custom.css': z.string() })
    .describe('`theme.json` and `custom.css` as text.'),
}).meta({ id: 'Theme' })
export interface Theme extends z.infer<typeof ThemeSchema> {}

export const ThemeListSchema = z.object({ activeThemeId: z.string(), themes: z.array(ThemeSummarySchema) })
export type ThemeList = z.infer<typeof ThemeListSchema>

export const MAX_CSS = 200_000

/** The sections every theme config holds; each is an object, as the storefront reads it. */
export const THEME_SECTIONS = ['colors', 'layout', 'components'] as const

/** A whole theme config: free-form, but its known sections are objects. */
const ThemeConfigSchema = (words: string) =>
  safeObjectWith(Object.fromEntries(THEME_SECTIONS.map((name) => [name, SafeObjectSchema.optional()]))).describe(words)

/** `PUT /themes/:themeId` (spec: "config and/or files"; at least one of the two must be present). */
export const UpdateThemeBodySchema = atLeastOneOf(
  z.strictObject({
    config: ThemeConfigSchema('theme configuration').optional(),
    files: z
      .strictObject({
        'theme.json': ThemeConfigSchema('theme.json content').optional(),
        'custom.css': z
          .string()
          .max(MAX_CSS, `must be at most ${MAX_CSS} characters`)
          .describe('custom.css content')
          .optional(),
      })
      .describe('the theme files to replace')
      .optional(),
  }),
  ['config', 'files'],
  { message: 'send config and/or files', path: ['config'] },
)
export type UpdateThemeBody = z.infer<typeof UpdateThemeBodySchema>
export type UpdateThemeInput = z.input<typeof UpdateThemeBodySchema>
