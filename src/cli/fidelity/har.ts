// HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), the recording format of `store proxy`
// and the input of `store drift`: the fields browsers' devtools and HAR tools require, and what
// drift reads. Entries keep fields this schema does not list. Each request must be one drift can
// send as recorded: a method that is a token, a path that decodes, header values without line breaks.
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import * as z from 'zod'
import { UsageError } from '../exit-codes.js'

const NameValueSchema = z.looseObject({ name: z.string(), value: z.string() })

/** What a request and a response both carry. */
const MESSAGE = {
  httpVersion: z.string(),
  headers: z.array(NameValueSchema),
  cookies: z.array(z.looseObject({})),
  headersSize: z.number(),
  bodySize: z.number(),
}

/** An HTTP method: a token (RFC 9110). */
const METHOD = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
const hasControl = (text: string) => [...text].some((ch) => (ch < ' ' && ch !== '\t') || ch === '\x7f')
const HeaderValueSchema = z.string().refine((text) => !hasControl(text), 'holds a line break or control character')
const decodes = (url: string) => {
  try {
    decodeURIComponent(new URL(url).pathname)
    return true
  } catch {
    return false
  }
}
const quoted = (input: unknown) => JSON.stringify(String(input).slice(0, 200))

const HarRequestSchema = z.looseObject({
  method: z.string().regex(METHOD, { error: (issue) => `${quoted(issue.input)} is not an HTTP method` }),
  url: z.url().refine(decodes, { error: (issue) => `${quoted(issue.input)} has a path that does not percent-decode` }),
  ...MESSAGE,
  headers: z.array(z.looseObject({ name: z.string(), value: HeaderValueSchema })),
  queryString: z.array(NameValueSchema),
  postData: z.looseObject({ mimeType: HeaderValueSchema, text: z.string().optional() }).optional(),
})

const HarResponseSchema = z.looseObject({
  status: z.number().int(),
  statusText: z.string(),
  ...MESSAGE,
  content: z.looseObject({ size: z.number(), mimeType: z.string(), text: z.string().optional() }),
  redirectURL: z.string(),
})

const HarEntrySchema = z.looseObject({
  startedDateTime: z.string().min(1),
  time: z.number().nonnegative(),
  request: HarRequestSchema,
  response: HarResponseSchema,
  cache: z.looseObject({}),
  timings: z.looseObject({ send: z.number(), wait: z.number(), receive: z.number() }),
})

export const HarSchema = z.object({
  log: z.looseObject({
    version: z.string(),
    creator: z.looseObject({ name: z.string(), version: z.string() }),
    entries: z.array(HarEntrySchema),
  }),
})

export type Har = z.infer<typeof HarSchema>
export type HarEntry = z.infer<typeof HarEntrySchema>

/** The recording in the file. @throws UsageError naming the file, the entry and the field at fault */
export async function readHar(cwd: string, file: string): Promise<Har> {
  let text: string
  try {
    text = await readFile(resolve(cwd, file), 'utf8')
  } catch (error) {
    throw new UsageError(
      `${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); record one with store proxy --record ${file}`,
    )
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    throw new UsageError(
      `${file} is not a HAR file: it is not JSON (${(error as Error).message}); record one with store proxy --record`,
    )
  }
  const parsed = HarSchema.safeParse(raw)
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    // `log.entries[3].response.status`: where a problem is, as a reader finds it in the file.
    const at = z.core.toDotPath(issue.path)
    const entry = /^log\.entries\[(\d+)\]/.exec(at)?.[1]
    throw new UsageError(
      `${file} is ${entry === undefined ? 'not a HAR file' : `damaged at entry ${entry}`}: ${at || 'top level'}: ${issue.message}; record it again with store proxy --record`,
    )
  }
  if (!/^1\./.test(parsed.data.log.version))
    throw new UsageError(`${file}: log.version is "${parsed.data.log.version}"; only HAR 1.x is read`)
  return parsed.data
}

export function headerOf(headers: HarEntry['request']['headers'], name: string): string | undefined {
  const lower = name.toLowerCase()
  return headers.find((h) => h.name.toLowerCase() === lower)?.value
}

/** `…/api/v1/products/prod_1?x=1` → `/products/prod_1` and `?x=1`; undefined when not under `/api/v1`. */
export function apiPathOf(url: string): { path: string; search: string } | undefined {
  const u = new URL(url)
  const at = u.pathname.indexOf('/api/v1')
  return at < 0 ? undefined : { path: u.pathname.slice(at + '/api/v1'.length), search: u.search }
}
