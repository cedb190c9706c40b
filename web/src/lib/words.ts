// Words the pages share. Dates and times are not here: they come from the core.

/** "1 order", "2 orders": a count with its noun, plural unless it is one (`many` when an s is wrong: "deliveries"). */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
