# Sourced by bench/mix/run.sh and bench/caches/run.sh: nginx_conf WORK PORT writes WORK/nginx.conf,
# nginx serving the files under WORK/root (each answer body at PATH/index) on 127.0.0.1:PORT.
nginx_conf() {
  cat > "$1/nginx.conf" <<NG
worker_processes 2; daemon off; pid $1/nginx.pid; error_log $1/error.log warn;
events { worker_connections 4096; }
http { access_log off; sendfile on; tcp_nopush on; tcp_nodelay on; keepalive_requests 1000000;
  open_file_cache max=1000; default_type application/json;
  client_body_temp_path $1/t1; proxy_temp_path $1/t2; fastcgi_temp_path $1/t3; uwsgi_temp_path $1/t4; scgi_temp_path $1/t5;
  server { listen 127.0.0.1:$2; root $1/root; location / { try_files \$uri/index =404; } } }
NG
}
