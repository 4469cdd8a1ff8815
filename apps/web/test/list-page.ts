/** One page of a paged list as the API sends it: the first page of 20. */
export function listPage<Item>(list: Item[], total = list.length) {
  return { offset: 0, limit: 20, total, list };
}

/** The API's refusal of a caller without the role (403 with the error body). */
export function forbidden(): Response {
  return Response.json({ code: 'FORBIDDEN', message: 'No' }, { status: 403 });
}
