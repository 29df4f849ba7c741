const webpack=require('webpack');const cfg=require(process.cwd()+'/webpack.config.cjs')({}, {mode:'production'});
const pat=new RegExp(process.argv[2]);
webpack(cfg,(err,stats)=>{ if(err) throw err; const c=stats.compilation;
 for(const m of c.modules){ const n=m.resource||m.identifier(); if(!pat.test(n)) continue; console.log(n.replace(/.*node_modules\//,''));
  for(const conn of c.moduleGraph.getIncomingConnections(m)){ const o=conn.originModule; console.log('   <-', o? (o.resource||o.identifier()).replace(/.*node_modules\//,'').slice(0,120):'(entry)', conn.dependency&&conn.dependency.type);} }
});
