import { groupTypeValues, type GroupType } from "../../generated/schemas";

/** The contract's group types (GroupType in contracts/gateway.yaml), in its order, as a tuple for z.enum. */
export const GROUP_TYPES = groupTypeValues as readonly [GroupType, ...GroupType[]];

export const GROUP_TYPE_LABELS: Record<GroupType, string> = {
  education: "School or college",
  "home-education": "Home-education group",
  "tour-operator": "Tour operator",
  "other-group": "Other group",
};
