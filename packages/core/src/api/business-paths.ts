/** Paths of the business-account calls under /api (issue 44), free of zod. */
export const businessPaths = {
  /** The signed-in user's own business: read, apply, re-apply. */
  mine: '/business',
  /** The approved venue's meeting spots. */
  mySpots: '/business/spots',
  mySpot: (spotId: number | string) => `/business/spots/${spotId}`,
  /** Published spots near a point (the app's map layer). */
  spotsNearby: '/spots/nearby',
  /** The caller's meetings held at a spot (their history shows it). */
  spotsVisited: '/spots/visited',
  /** Control area: the queue, one business, a decision. */
  moderateList: '/business/moderate/list',
  moderateOne: (businessId: number | string) => `/business/moderate/${businessId}`,
} as const;
