// The world map's shapes, loaded only when a map is shown (world-map.tsx imports this file
// dynamically): Natural Earth's countries at 1:110m from world-atlas (ISC), unpacked with
// topojson-client (ISC) and projected with d3-geo (ISC) into SVG path data once.
import { geoEqualEarth, geoPath } from 'd3-geo';
import type { FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-110m.json';
import numeric from '../lib/iso-numeric.json';

export const WIDTH = 960;
export const HEIGHT = 470;

export interface Shape {
  /** ISO 3166 numeric, as world-atlas keys its countries (e.g. "276"); undefined for a few disputed areas. */
  id: string | undefined;
  /** Natural Earth's name, for the shape's tooltip. */
  name: string;
  d: string;
}

const topology = atlas as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
const countries = feature(topology, topology.objects.countries) as FeatureCollection<Geometry, { name: string }>;
const path = geoPath(geoEqualEarth().fitSize([WIDTH, HEIGHT], countries));

/** Every country's outline, projected (Equal Earth: areas keep their true proportions). */
export const SHAPES: Shape[] = countries.features.map((f) => ({
  id: f.id === undefined ? undefined : String(f.id),
  name: f.properties.name,
  d: path(f) ?? '',
}));

/** ISO 3166 alpha-2 to numeric (lib/iso-numeric.json, derived once from i18n-iso-countries' codes.json). */
export const toNumeric = (alpha2: string): string | undefined => (numeric as Record<string, string>)[alpha2];
