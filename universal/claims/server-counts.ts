/** The counts copy shows about the network ("servers in 14 countries"), from the operator's server list. */
export interface ServerCounts {
  countryCount: number;
  cityCount: number;
}

/** Countries with at least one city, and distinct cities across them (a city named twice counts once). */
export function serverCounts(locations: Readonly<Record<string, { cities: readonly string[] }>>): ServerCounts {
  let countryCount = 0;
  let cityCount = 0;
  for (const { cities } of Object.values(locations)) {
    const distinct = new Set(cities.map((city) => city.trim().toLowerCase()).filter(Boolean));
    if (distinct.size === 0) continue;
    countryCount++;
    cityCount += distinct.size;
  }
  return { countryCount, cityCount };
}
