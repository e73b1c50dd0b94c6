/**
 * The API reference page. It renders the OpenAPI document in the browser with no third-party
 * script, so it works where the portal has no internet access. Its script and style carry the
 * answer's nonce (the page's Content-Security-Policy runs nothing else).
 */
export function docsPage(nonce: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>API reference</title>
<style nonce="${nonce}">
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1b1f24;background:#fff}
header{padding:16px 24px;border-bottom:1px solid #d0d7de}main{padding:8px 24px;max-width:1100px}
h1{font-size:1.4rem;margin:0}h2{font-size:1.1rem;margin:24px 0 8px}
details{border:1px solid #d0d7de;border-radius:6px;margin:8px 0}summary{padding:8px 12px;cursor:pointer}
.m{display:inline-block;min-width:60px;font-weight:700;font-family:ui-monospace,monospace}
.get{color:#0b5cad}.post{color:#116329}.put{color:#7d4e00}.delete{color:#a40e26}.patch{color:#6639ba}
pre{background:#f6f8fa;padding:12px;overflow:auto;margin:0 12px 12px;font-size:12px}
.a{font-size:12px;color:#57606a;margin-left:8px}
@media (prefers-color-scheme: dark){body{background:#0d1117;color:#e6edf3}pre{background:#161b22}details,header{border-color:#30363d}.a{color:#9198a1}
.get{color:#79c0ff}.post{color:#7ee787}.put{color:#e3b341}.delete{color:#ff7b72}.patch{color:#d2a8ff}}
.try{margin:0 12px 12px;display:flex;flex-wrap:wrap;gap:8px;align-items:center}.try input{flex:1 1 320px;font-family:ui-monospace,monospace;padding:4px}
.tok input{width:min(100%,420px);padding:4px;font-family:ui-monospace,monospace}.tok{margin-top:8px}
</style></head>
<body><header><h1>API reference</h1><p>OpenAPI 3.1 document: <a href="/api/openapi.json">/api/openapi.json</a></p>
<p class="tok"><label for="personal-token">Personal API token (to try the operations marked with a token scope)</label><br><input id="personal-token" type="password" autocomplete="off" spellcheck="false" placeholder="eppat_…"></p></header>
<main id="root"><p>Loading…</p></main>
<script nonce="${nonce}">
fetch('/api/openapi.json').then(r=>r.json()).then(doc=>{
  const root=document.getElementById('root');root.textContent='';
  const esc=s=>String(s).replace(/[&<>"]/g,c=>({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
  const byTag={};
  for(const [path,ops] of Object.entries(doc.paths||{}))for(const [method,op] of Object.entries(ops)){
    const tag=(op.tags&&op.tags[0])||'Other';(byTag[tag]=byTag[tag]||[]).push({path,method,op});}
  for(const tag of Object.keys(byTag).sort()){
    const h=document.createElement('h2');h.textContent=tag;root.appendChild(h);
    for(const {path,method,op} of byTag[tag]){
      const d=document.createElement('details');
      const scope=op['x-token-scope'];
      d.innerHTML='<summary><span class="m '+method+'">'+method.toUpperCase()+'</span> <code>/api'+esc(path)+'</code> '+esc(op.summary||'')+'<span class="a">'+esc(op['x-access']||'')+(op['x-feature']?' · feature '+esc(op['x-feature']):'')+(scope?' · token scope '+esc(scope):'')+'</span></summary>'+
        (scope?'<div class="try"><input aria-label="Request path" value="'+esc(path)+'"><button type="button">Try it with the token</button></div><pre class="out" aria-live="polite" hidden></pre>':'')+
        '<pre>'+esc(JSON.stringify({parameters:op.parameters,requestBody:op.requestBody,responses:op.responses},null,2))+'</pre>';
      if(scope){
        const input=d.querySelector('.try input'),out=d.querySelector('.out');
        d.querySelector('.try button').addEventListener('click',async()=>{
          const target=input.value.trim();out.hidden=false;
          if(!target.startsWith('/api/')){out.textContent='The path must start with /api/';return;}
          try{
            const r=await fetch(target,{credentials:'omit',headers:{authorization:'Bearer '+document.getElementById('personal-token').value.trim()}});
            const text=await r.text();let shown=text;try{shown=JSON.stringify(JSON.parse(text),null,2);}catch{}
            out.textContent=r.status+' '+r.statusText+'\\n'+shown;
          }catch(e){out.textContent=String(e);}
        });
      }
      root.appendChild(d);}}
});
</script></body></html>`;
}
