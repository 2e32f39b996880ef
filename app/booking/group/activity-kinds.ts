/** The activity kinds a group can choose, in the order they are shown. */
export const GROUP_ACTIVITY_KINDS = ["exhibition", "tour", "show", "workshop"] as const;
