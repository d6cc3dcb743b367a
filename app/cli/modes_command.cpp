#include <iostream>

#include "app/cli/commands.h"
#include "core/model/sync_mode.h"

namespace syncscope::cli {

int modesCommand(const ModesOptions& options) {
    for (const auto& info : syncModeCatalogue()) {
        if (options.ids_only) {
            std::cout << info.id << '\n';
            continue;
        }
        std::cout << info.id << " — " << info.label << '\n'
                  << "  CUDA:        " << info.cuda_call << '\n'
                  << "  PyTorch:     " << info.pytorch << '\n'
                  << "  blocks:      " << info.who_blocks << '\n'
                  << "  waits for:   " << info.waits_for << '\n'
                  << "  " << info.explanation << "\n\n";
    }
    return 0;
}

}  // namespace syncscope::cli
