import { COUNTRY_OUTLINES, type Outline } from "./map-data";
import classes from "./outages.module.css";

const WIDTH = 320;
const PAD = 10;

/**
 * The affected area of an outage on an outline of the country, drawn as SVG from data the
 * project ships (src/ui/outages/map-data.ts): no tile server, nothing loaded from elsewhere. The
 * projection is equirectangular with the longitude scaled by the cosine of the middle latitude,
 * good enough at these latitudes for a sketch.
 */
export function OutageMap({ country, latitude, longitude, radiusKm, label }: { country: string; latitude: number; longitude: number; radiusKm: number | null; label: string }) {
  const outlines: Outline[] = COUNTRY_OUTLINES[country] ?? [];
  const all = outlines.flat();
  if (!all.length) return null;
  const lons = [...all.map((p) => p[0]), longitude];
  const lats = [...all.map((p) => p[1]), latitude];
  const [minLon, maxLon, minLat, maxLat] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const k = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const scale = (WIDTH - 2 * PAD) / ((maxLon - minLon) * k);
  const height = Math.round((maxLat - minLat) * scale + 2 * PAD);
  const x = (lon: number) => PAD + (lon - minLon) * k * scale;
  const y = (lat: number) => PAD + (maxLat - lat) * scale;
  const r = Math.max(4, ((radiusKm ?? 3) / 111) * scale);
  return (
    <svg className={classes.map} viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={label} data-testid="outage-map">
      {outlines.map((o, i) => (
        <path key={i} className={classes.land} d={`M${o.map(([lon, lat]) => `${x(lon).toFixed(1)},${y(lat).toFixed(1)}`).join("L")}Z`} />
      ))}
      <circle className={classes.area} cx={x(longitude)} cy={y(latitude)} r={r} />
      <circle className={classes.centre} cx={x(longitude)} cy={y(latitude)} r={2.5} />
    </svg>
  );
}
