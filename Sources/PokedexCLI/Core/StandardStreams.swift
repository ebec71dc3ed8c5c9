#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard descriptors (0, 1, 2), made safe to use when they were
/// closed, and the broken-pipe exit.
enum StandardStreams {
  /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed
  /// (`pokedex list >&-`), in the direction that refuses: stdin write-only, stdout and
  /// stderr read-only.
  ///
  /// Otherwise the next file the tool opens (the data, a temporary preferences file)
  /// would get that number, and output meant for stdout would be written into it.
  /// Held this way, a write to stdout fails with `EBADF` and is reported (exit 74).
  static func reserveClosedDescriptors() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
      // `open` returns the lowest free number, which is `descriptor` when the ones
      // below it are open (they are: this loop goes upwards); otherwise move it there.
      if opened >= 0 && opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }

  /// Ends the process by `SIGPIPE`, as a filter whose reader went away is expected to
  /// end (`| head -1`): quietly, with the signal as its status (141 in `sh`). Used when
  /// the signal was ignored and the write failed with `EPIPE` instead.
  static func endByBrokenPipe() -> Never {
    signal(SIGPIPE, SIG_DFL)
    raise(SIGPIPE)
    // Unreachable unless the signal is blocked: exit with the status the shell would show.
    exit(128 + SIGPIPE)
  }
}
