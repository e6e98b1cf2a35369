/** Everything under this key is refreshed after an activity order is made or paid. */
export const ACTIVITIES_KEY = ['activities'] as const;
