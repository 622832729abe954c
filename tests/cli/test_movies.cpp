// Movies (`flocklab run --movie FILE.mp4|FILE.gif`) as a user makes them with Debian's ffmpeg:
// an H.264 MP4 or a GIF with a frame every --movie-every steps, in 2D and 3D, written whole
// with the run's other outputs; bad options and a missing ffmpeg refused before any work.
#include <gtest/gtest.h>

#include <string>

#include "support/cli_fixture.hpp"

class Movies : public flocklab_test::Cli {
 protected:
  // ffprobe's count of the frames of the first video stream of `file`, or -1.
  int frames(const std::string& file) {
    const auto r = shell("ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames "
                         "-of csv=p=0 " + file);
    return r.status == 0 ? std::stoi(r.out) : -1;
  }
};

TEST_F(Movies, AnMp4OfA3dRunHasAFrameEveryKSteps) {
  const Result r = run("run --dims 3 --steps 20 --movie m.mp4 --movie-every 5 --camera orbit:10 --quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string mp4 = slurp(dir_ / "m.mp4");
  ASSERT_GT(mp4.size(), 1000u);
  EXPECT_EQ(mp4.substr(4, 4), "ftyp");
  EXPECT_EQ(frames("m.mp4"), 5) << "steps 0, 5, 10, 15 and 20";
}

TEST_F(Movies, AGifOf2dRunEndsWithTheLastStep) {
  const Result r = run("run --steps 7 --movie m.gif --movie-every 3 --fps 10 --quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(slurp(dir_ / "m.gif").substr(0, 6), "GIF89a");
  EXPECT_EQ(frames("m.gif"), 4) << "steps 0, 3, 6 and the last, 7";
}

TEST_F(Movies, BadOptionsAndNoFfmpegAreRefusedBeforeTheRun) {
  expectUsageError("run --movie m.avi", "--movie must end in .mp4 or .gif (got m.avi)");
  expectUsageError("run --movie m.mp4 --fps 0", "--fps must be between 1 and 120 frames a second");
  expectUsageError("run --movie m.mp4 --movie-every 0", "--movie-every must be at least 1 (got 0)");
  const Result r = shell("PATH=/nonexistent '" FLOCKLAB_BINARY_DIR "/flocklab' run --movie m.mp4");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--movie needs the ffmpeg program, which is not on PATH (on Debian: apt install ffmpeg)"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(files().empty());
}
