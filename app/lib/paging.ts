/** The counts an /api list answers in its headers, beside one page of items. */
export function totalHeaders(total: number, pageCount: number) {
  return { "X-Total-Count": String(total), "X-Page-Count": String(pageCount) };
}
