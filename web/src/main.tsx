// The entry point Vite builds from (see ../index.html).
import { render } from 'preact';
import { App } from './app.tsx';
// uPlot's stylesheet is bundled with ours into one file of this origin (the CSP allows no inline style).
import 'uplot/dist/uPlot.min.css';
import './styles.css';
import './stats.css';

render(<App />, document.getElementById('app')!);
