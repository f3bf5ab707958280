import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text.tsx';

const render = (text: string) => renderToStaticMarkup(<RichText text={text} components={{ code: <code className="c" />, strong: <strong /> }} />);

describe('RichText', () => {
  it('puts each tag’s text in its element, as often as the tag comes', () => {
    expect(render('Run <code>npm install && npm start</code>, then <code>PUBLIC_URL</code>.')).toBe(
      'Run <code class="c">npm install &amp;&amp; npm start</code>, then <code class="c">PUBLIC_URL</code>.',
    );
    expect(render('<strong>Sent</strong> to you')).toBe('<strong>Sent</strong> to you');
  });

  it('leaves text without tags as it is, and an unknown tag as its text', () => {
    expect(render('Plain 1 < 2')).toBe('Plain 1 &lt; 2');
    expect(render('An <b>unknown</b> tag')).toBe('An unknown tag');
  });
});
