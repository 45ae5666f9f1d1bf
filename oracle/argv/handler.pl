# argv oracle: the body of bash's command_not_found_handle.
#
# Bash forks, applies the command's redirects in the child, finds no program (PATH is an empty
# directory and every builtin is disabled) and calls command_not_found_handle there. The handler
# runs this script with /usr/bin/perl (an absolute path: no PATH lookup, no function can shadow
# it, no builtin needed), so the fds this process inherits are exactly the fds the command would
# have had. It appends one framed record per command to the log, in one write(2) on an O_APPEND
# file, so concurrent commands (pipelines, `&`) never interleave.
#
# Usage: perl handler.pl LOG COUNTER MAXCMDS STATUS STDINMAX STDINWAIT -- ARGV...
# Record: netstring(payload); payload = netstrings "key=value" (values are raw bytes):
#   pid, ppid, arg (one per argv element, in order), fd (N SP mode SP target),
#   stdin (bytes) | stdin-null, stdin-trunc, stdin-timeout, env (NAME=VALUE), seq.
# No `use` of any module: perl would open the .pm file on the lowest free fd, which may be one
# the command closed (`>&-`), and it would be mistaken for the command's. Linux open(2) flags:
sub O_WRONLY () { 1 }
sub O_CREAT () { 0100 }
sub O_APPEND () { 02000 }

my ($log, $counter, $maxcmds, $status, $stdinmax, $stdinwait, $sep, @argv) = @ARGV;
die "handler.pl: bad arguments\n" unless defined $sep && $sep eq '--';

sub ns { my ($s) = @_; return length($s) . ':' . $s . ','; }

# 1. fds, before this script opens anything of its own. Perl's own handles are skipped by their
#    targets: the directory being read, and this script (perl keeps it open; when the command
#    closed fd 0, the script lands on fd 0).
my @fds;
my $self_fd_dir = "/proc/$$/fd";
if (opendir(my $dh, '/proc/self/fd')) {
  my @names = grep { /^\d+$/ } readdir($dh);
  for my $n (sort { $a <=> $b } @names) {
    my $t = readlink("/proc/self/fd/$n");
    next unless defined $t;
    next if $t eq $self_fd_dir || $t eq $0 || $t =~ m{^/usr/(?:lib|share)/\S*perl\S*\.pm$};
    push @fds, [$n, $t];
  }
  closedir($dh);
}
my %mode;
for my $fd (@fds) {
  my $n = $fd->[0];
  my $m = '?';
  if (open(my $fi, '<', "/proc/self/fdinfo/$n")) {
    local $/;
    my $info = <$fi>;
    close($fi);
    if (defined $info && $info =~ /^flags:\s*([0-7]+)/m) {
      my $fl = oct($1);
      my $acc = $fl & 3;
      $m = $acc == 0 ? 'r' : $acc == 1 ? 'w' : 'rw';
      $m .= 'a' if $fl & 02000;
    }
  }
  $mode{$n} = $m;
}

# 2. stdin: bounded, never blocking longer than STDINWAIT seconds in total.
my $stdin;
my ($trunc, $timeout) = (0, 0);
my ($has0) = grep { $_->[0] == 0 } @fds;
if ($has0 && ($mode{0} =~ /r/) && !-t STDIN) {
  binmode(STDIN);
  $stdin = '';
  my $left = $stdinwait;
  my $rin = '';
  vec($rin, 0, 1) = 1;
  while (length($stdin) < $stdinmax) {
    my $rout;
    my ($nready, $tl) = select($rout = $rin, undef, undef, $left);
    if (!defined $nready || $nready <= 0) { $timeout = 1; last; }
    my $buf;
    my $got = sysread(STDIN, $buf, $stdinmax - length($stdin));
    if (!defined $got) { $stdin = undef if $stdin eq ''; last; }
    last if $got == 0;
    $stdin .= $buf;
    $left = $tl if defined $tl && $tl > 0;
  }
  if (defined $stdin && length($stdin) >= $stdinmax) {
    my $more;
    my $rout;
    $trunc = 1 if select($rout = $rin, undef, undef, 0) > 0 && (sysread(STDIN, $more, 1) // 0) > 0;
  }
}

# 3. the record.
my $p = ns("pid=$$") . ns('ppid=' . getppid());
$p .= ns("arg=$_") for @argv;
$p .= ns("fd=$_->[0] $mode{$_->[0]} $_->[1]") for @fds;
if (defined $stdin) {
  $p .= ns("stdin=$stdin");
  $p .= ns('stdin-trunc=1') if $trunc;
  $p .= ns('stdin-timeout=1') if $timeout;
} else {
  $p .= ns('stdin-null=1');
}
for my $k (sort keys %ENV) { $p .= ns("env=$k=$ENV{$k}"); }

# 4. count, append, and stop a runaway shell (loops whose condition is a disabled builtin).
my $count = 0;
if (sysopen(my $cf, $counter, O_WRONLY | O_APPEND | O_CREAT, 0600)) {
  # The offset after an O_APPEND write is this write's own position: a race-free sequence number.
  syswrite($cf, 'x');
  $count = sysseek($cf, 0, 1) || 0;
  close($cf);
}
$p .= ns("seq=$count");
if (sysopen(my $lf, $log, O_WRONLY | O_APPEND | O_CREAT, 0600)) {
  my $rec = ns($p);
  syswrite($lf, $rec);
  close($lf);
}
if ($count >= $maxcmds) {
  kill('KILL', -getpgrp());
}
exit($status);
