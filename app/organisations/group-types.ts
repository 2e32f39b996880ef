export const GROUP_TYPES = ["education", "home-education", "tour-operator", "other-group"] as const;
export type GroupTypeName = (typeof GROUP_TYPES)[number];

export const GROUP_TYPE_LABELS: Record<GroupTypeName, string> = {
  education: "School or college",
  "home-education": "Home-education group",
  "tour-operator": "Tour operator",
  "other-group": "Other group",
};
