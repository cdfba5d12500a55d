/** `page` and `pageSize` of an /api list request; the size is capped (DESIGN §5). */
export function pagingParams(url: URL, defaultSize: number, maxSize = 50) {
  const page = Number(url.searchParams.get("page") ?? "1");
  const size = Number(url.searchParams.get("pageSize") ?? String(defaultSize));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: Number.isInteger(size) && size >= 1 ? Math.min(size, maxSize) : defaultSize,
  };
}

export function totalHeaders(total: number, pageCount: number) {
  return { "X-Total-Count": String(total), "X-Page-Count": String(pageCount) };
}
