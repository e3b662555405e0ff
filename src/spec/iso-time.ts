const DAY_MS = 86_400_000

/**
 * `Date.parse(text)`, with a fast path for the form every stored timestamp has (`toISOString`'s,
 * `2026-02-15T12:00:00.000Z`): Date.parse costs ~200 ns a call, and a clock advance reads each
 * renewal's times a dozen times (its due time, the positions of the rows it writes, its event
 * payloads). Any other text, and a date that does not exist, go to Date.parse.
 */
export function isoMs(text: string): number {
  if (
    text.length !== 24 ||
    text.charCodeAt(4) !== 45 || // -
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 84 || // T
    text.charCodeAt(13) !== 58 || // :
    text.charCodeAt(16) !== 58 ||
    text.charCodeAt(19) !== 46 || // .
    text.charCodeAt(23) !== 90 // Z
  )
    return Date.parse(text)
  const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + digit(text, 2) * 10 + digit(text, 3)
  const month = digit(text, 5) * 10 + digit(text, 6)
  const day = digit(text, 8) * 10 + digit(text, 9)
  const hour = digit(text, 11) * 10 + digit(text, 12)
  const minute = digit(text, 14) * 10 + digit(text, 15)
  const second = digit(text, 17) * 10 + digit(text, 18)
  const ms = digit(text, 20) * 100 + digit(text, 21) * 10 + digit(text, 22)
  // A non-digit is NaN, which fails every comparison.
  if (!(year >= 0 && month >= 1 && month <= 12 && day >= 1 && hour <= 23 && minute <= 59 && second <= 59 && ms >= 0))
    return Date.parse(text)
  if (day > 28 && day > daysInMonth(year, month)) return Date.parse(text)
  return daysFromCivil(year, month, day) * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000 + ms
}

/** The digit at `at`, or NaN. */
function digit(text: string, at: number): number {
  const value = text.charCodeAt(at) - 48
  return value >= 0 && value <= 9 ? value : Number.NaN
}

const isLeap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
const daysInMonth = (year: number, month: number) =>
  month === 2 ? (isLeap(year) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant's `days_from_civil`). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}
