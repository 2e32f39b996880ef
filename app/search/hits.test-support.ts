// A search hit as the organisation index returns it, for the search's component tests:
// every field the hits list shows (widgets/hits.tsx) and the facets filter on.
export const RIVERSIDE_PRIMARY = {
  objectID: "org-1",
  name: "Riverside Primary School",
  groupType: "education",
  kind: "Primary school",
  town: "Leeds",
  postcode: "LS1 4AP",
  region: "Yorkshire and the Humber",
  size: 420,
  identifier: "123456",
  rating: 4,
  outreachRegion: true,
  verified: true,
};
