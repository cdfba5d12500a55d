/**
 * A shared cache in front of the app, as docs/deployment describes it: nginx's proxy_cache, which
 * keeps what the app marks `public, s-maxage` (per Vary: Cookie variant) and passes everything
 * else through, spread over one app process per core. The bench runs it when `nginx` is installed
 * (Debian: apt-get install nginx).
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export function nginxPath(): string | null {
  try {
    return execFileSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx"]).toString().trim();
  } catch {
    return null;
  }
}

export function nginxConfig(dir: string, listen: number, upstreams: number[]) {
  const temp = (name: string) => path.join(dir, "temp", name);
  return `# Written by bench/nginx.ts. The cache settings are the ones docs/deployment.md recommends.
${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  proxy_cache_path ${path.join(dir, "cache")} levels=1:2 keys_zone=pages:10m max_size=200m inactive=10m use_temp_path=off;
  map $http_cookie $storyshare_personal {
    default 1;
    "" 0;
    "~^\\s*((lng|storyshare-theme|storyshare-light)=[^;]*(;\\s*|$))*$" 0;
  }
  map "$storyshare_personal:$http_accept" $storyshare_upstream_encoding {
    "~^1:text/html" $http_accept_encoding;
    "~^1:" "";
    default $http_accept_encoding;
  }
  gzip on;
  gzip_proxied any;
  gzip_comp_level 1;
  gzip_vary on;
  gzip_types application/json application/rss+xml application/xml text/css text/plain;
  upstream storyshare {
${upstreams.map((port) => `    server 127.0.0.1:${port};`).join("\n")}
    keepalive 32;
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://storyshare;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header Accept-Encoding $storyshare_upstream_encoding;
      proxy_cache pages;
      proxy_cache_key $scheme$host$request_uri;   # one copy per site name, whatever Host is sent
      proxy_cache_lock on;
      proxy_cache_bypass $storyshare_personal;
      proxy_no_cache $storyshare_personal;
      proxy_cache_revalidate on;
      proxy_cache_use_stale error timeout updating;
      add_header X-Cache $upstream_cache_status always;
    }
  }
}
`;
}

export function startNginx(binary: string, dir: string, listen: number, upstreams: number[]) {
  rmSync(dir, { recursive: true, force: true });
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(path.join(dir, "temp", sub), { recursive: true });
  }
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(conf, nginxConfig(dir, listen, upstreams));
  return spawn(binary, ["-c", conf, "-p", dir], { stdio: ["ignore", "ignore", "inherit"] });
}
