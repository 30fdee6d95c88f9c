"""scripts/check-portability catches each Linux-only name, each unguarded import, a platform
file without its Darwin branch, and (from a real build's index store) a C-library call outside
the platform file; and it passes what is portable. Run: python3 -m unittest discover scripts/tests
"""
import os
import shutil
import subprocess
import tempfile
import textwrap
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "check-portability")

# One line of Swift per Linux-only name the script must catch.
LINUX_ONLY_LINES = {
    "st_mtim": "let t = info.st_mtim",
    "st_atim": "let t = info.st_atim",
    "st_ctim": "let t = info.st_ctim",
    "PTHREAD_MUTEX_ADAPTIVE_NP": "pthread_mutexattr_settype(&a, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))",
    "O_NOATIME": "let fd = open(path, O_RDONLY | O_NOATIME)",
    "epoll": "let e = epoll_create1(0)",
    "inotify": "let i = inotify_init1(0)",
    "eventfd": "let e = eventfd(0, 0)",
    "accept4": "let s = accept4(fd, nil, nil, 0)",
    "sendfile": "let n = sendfile(socket, file, &offset, count)",
    "MSG_NOSIGNAL": "send(fd, p, n, Int32(MSG_NOSIGNAL))",
    "SOCK_CLOEXEC": "let s = socket(AF_INET, SOCK_CLOEXEC, 0)",
    "RLIMIT_NOFILE.rawValue": "getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)",
    "__rlimit_resource_t": "let r = __rlimit_resource_t(7)",
    "/proc/": 'let status = try String(contentsOfFile: "/proc/self/status")',
    "/sys/": 'let cpus = try String(contentsOfFile: "/sys/devices/system/cpu/online")',
    "libcurl.so": 'let library = dlopen("libcurl.so.4", RTLD_NOW)',
    "linux-gnu": 'let folder = ".build/x86_64-unknown-linux-gnu/debug"',
    "import Glibc": "import Glibc",
    "Glibc.": "let n = Glibc.read(fd, &buffer, 4)",
    "canImport(Glibc)": "#if canImport(Glibc)",
    "import Synchronization": "import Synchronization",
}


class CheckPortabilityTests(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="check-portability-")
        self.addCleanup(shutil.rmtree, self.root)

    def write(self, relative, text):
        path = os.path.join(self.root, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as handle:
            handle.write(textwrap.dedent(text))

    def run_script(self, *extra):
        return subprocess.run([SCRIPT, "--root", self.root, *extra], capture_output=True, text=True, timeout=300)

    def test_each_linux_only_name_is_caught_outside_the_platform_file_only(self):
        for name, line in LINUX_ONLY_LINES.items():
            with self.subTest(name=name):
                shutil.rmtree(os.path.join(self.root, "Sources"), ignore_errors=True)
                self.write("Sources/Core/Reader.swift", f"import Foundation\nfunc f() {{\n    {line}\n}}\n")
                result = self.run_script("--no-index")
                self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
                self.assertIn("Sources/Core/Reader.swift:3:", result.stdout)
                os.rename(os.path.join(self.root, "Sources/Core/Reader.swift"),
                          os.path.join(self.root, "Sources/Core/Platform.swift"))
                with open(os.path.join(self.root, "Sources/Core/Platform.swift"), "a") as handle:
                    handle.write("#if canImport(Darwin)\n#elseif canImport(Glibc)\n#endif\n")
                result = self.run_script("--no-index")
                self.assertEqual(result.returncode, 0, f"{name} in Platform.swift: {result.stdout}")

    def test_tests_are_checked_too_and_comments_are_not(self):
        self.write("Tests/CoreTests/MemoryTests.swift", """\
            // Reads /proc/self/status on Linux.
            let status = "/proc/self/status"
            """)
        result = self.run_script("--no-index")
        self.assertEqual(result.returncode, 1)
        self.assertIn("Tests/CoreTests/MemoryTests.swift:2:", result.stdout)
        self.assertNotIn("MemoryTests.swift:1:", result.stdout)

    def test_foundation_networking_needs_its_guard(self):
        self.write("Sources/App/Client.swift", "import Foundation\nimport FoundationNetworking\n")
        result = self.run_script("--no-index")
        self.assertEqual(result.returncode, 1)
        self.assertIn("Sources/App/Client.swift:2: `import FoundationNetworking` without", result.stdout)
        self.write("Sources/App/Client.swift", "import Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n")
        self.assertEqual(self.run_script("--no-index").returncode, 0)

    def test_a_platform_file_needs_both_branches_and_a_module_has_one(self):
        self.write("Sources/Core/Platform.swift", "#if canImport(Glibc)\nimport Glibc\n#endif\n")
        result = self.run_script("--no-index")
        self.assertEqual(result.returncode, 1)
        self.assertIn("needs a Darwin branch", result.stdout)
        self.write("Sources/Core/Platform.swift", "#if canImport(Darwin)\nimport Darwin\n#elseif canImport(Glibc)\nimport Glibc\n#endif\n")
        self.assertEqual(self.run_script("--no-index").returncode, 0)
        self.write("Sources/Core/Sub/Platform.swift", "let x = 1\n")
        result = self.run_script("--no-index")
        self.assertEqual(result.returncode, 1)
        self.assertIn("Sources/Core: more than one Platform.swift", result.stdout)

    def test_a_c_target_with_linux_names_needs_an_apple_branch(self):
        self.write("Sources/CLoader/loader.c", '#include <dlfcn.h>\nvoid *load(void) { return dlopen("libz.so.1", 0); }\n')
        self.assertEqual(self.run_script("--no-index").returncode, 1)
        self.write("Sources/CLoader/loader.c", '#if defined(__APPLE__)\n#define Z "libz.1.dylib"\n#else\n#define Z "libz.so.1"\n#endif\n')
        self.assertEqual(self.run_script("--no-index").returncode, 0)

    @unittest.skipIf(shutil.which("swift") is None, "needs swift to build a package and index it")
    def test_a_c_library_call_outside_the_platform_file_is_found_in_the_index(self):
        self.write("Package.swift", """\
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Probe", targets: [.target(name: "Probe")])
            """)
        # getpid is in both C libraries, so no name gives it away: only the index does.
        self.write("Sources/Probe/Probe.swift", """\
            import Foundation
            public func identity() -> Int32 { getpid() }
            public func distance(_ x: Double) -> Double { cos(x) + sqrt(x) }
            """)
        self.write("Sources/Probe/Platform.swift", """\
            #if canImport(Darwin)
            import Darwin
            #elseif canImport(Glibc)
            import Glibc
            #endif
            func parent() -> Int32 { getppid() }
            """)
        build = subprocess.run(["swift", "build", "--package-path", self.root, "--enable-index-store"],
                               capture_output=True, text=True, timeout=600)
        self.assertEqual(build.returncode, 0, build.stdout + build.stderr)
        result = self.run_script()
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("Sources/Probe/Probe.swift:2: `getpid()` is a C-library call", result.stdout)
        self.assertNotIn("cos", result.stdout, "ISO C math is the same everywhere")
        self.assertNotIn("Platform.swift:", result.stdout)
        self.assertEqual(result.stdout.count("\n"), 1, result.stdout)


if __name__ == "__main__":
    unittest.main()
