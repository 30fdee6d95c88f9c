// first-answer PORT TARGET: asks for TARGET every 0.5 ms until it answers 200 (at most 10 s);
// prints the milliseconds waited. A start measured by a poller that costs nothing: a python3
// poller behind pyenv's shims spent 45 ms of CPU (about 40 bash processes) during the start it
// was timing, on a machine with two cores.
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
int main(int argc, char **argv) {
  int port = atoi(argv[1]); char req[4096]; snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", argv[2]);
  double t0 = now();
  while (now() - t0 < 10000) {
    int s = socket(AF_INET, SOCK_STREAM, 0); struct sockaddr_in a = {0}; a.sin_family = AF_INET; a.sin_port = htons(port); a.sin_addr.s_addr = htonl(0x7f000001);
    if (connect(s, (struct sockaddr *)&a, sizeof a) == 0) {
      write(s, req, strlen(req)); char buf[64] = {0}; int n = read(s, buf, 63); close(s);
      if (n > 12 && strncmp(buf + 9, "200", 3) == 0) { printf("%.1f\n", now() - t0); return 0; }
    } else close(s);
    usleep(500);
  }
  return 1;
}
